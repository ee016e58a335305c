import CPluginABI
import Essentials

/// The host function table handed to every out-of-tree plugin.
///
/// It is allocated once and never freed, because a plugin may keep the pointer for as long as
/// the process runs.
enum HostABITable {
    nonisolated(unsafe) static let shared: UnsafePointer<hc_host_api> = {
        let table = UnsafeMutablePointer<hc_host_api>.allocate(capacity: 1)
        table.initialize(to: hc_host_api(abi_version: UInt32(HC_PLUGIN_ABI_VERSION), log: { level, message in
            guard let message else { return }
            Current.logger("plugin").log(LogLevel(rawValue: level) ?? .info, String(cString: message))
        }))
        return UnsafePointer(table)
    }()
}
