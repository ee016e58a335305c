import CPluginABI

/// The entry point the host looks up with dlsym: returns the plugin's table, or nil when
/// the host speaks another ABI version.
@_cdecl("hc_plugin_entry")
public func pluginEntry(_ host: UnsafePointer<hc_host_api>?) -> UnsafePointer<hc_plugin_api>? {
    guard let host, host.pointee.abi_version == HC_PLUGIN_ABI_VERSION else { return nil }
    Greeter.shared.attach(host)
    return GreeterABI.table
}
