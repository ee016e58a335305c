import CPluginABI
import Essentials
import FoundationEssentials
import Glibc

/// Makes a plugin from a dynamic library that exports the C entry point of `hc_plugin_abi.h`.
///
/// A library is opened once and never closed: unloading Swift code that may still have
/// metadata or threads in use is unsafe, and a plugin lives as long as the process.
public struct DynamicPluginFactory: PluginFactory {
    public let descriptor: PluginDescriptor
    private let table: PluginABITable

    /// Opens `library`, calls its entry point and reads its descriptor.
    public init(library: URL) throws {
        guard FileManager.default.fileExists(atPath: library.path) else {
            throw DynamicPluginError("no plugin library at \(library.path); build it or fix 'library' in the manifest")
        }
        guard let handle = dlopen(library.path, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown error"
            throw DynamicPluginError("cannot open \(library.path): \(reason)")
        }
        guard let symbol = dlsym(handle, HC_PLUGIN_ENTRY_SYMBOL) else {
            throw DynamicPluginError("\(library.path) does not export \(HC_PLUGIN_ENTRY_SYMBOL); it is not a HomeCompanion plugin")
        }
        let entry = unsafeBitCast(symbol, to: hc_plugin_entry_fn.self)
        guard let pointer = entry(HostABITable.shared) else {
            throw DynamicPluginError("\(library.path) declined to load with plugin ABI \(HC_PLUGIN_ABI_VERSION)")
        }
        let table = PluginABITable(pointer)
        guard table.abiVersion == HC_PLUGIN_ABI_VERSION else {
            throw DynamicPluginError(
                "\(library.path) speaks plugin ABI \(table.abiVersion), this host speaks \(HC_PLUGIN_ABI_VERSION); rebuild the plugin"
            )
        }
        self.table = table
        self.descriptor = try Self.descriptor(from: table.descriptorJSON, library: library)
    }

    public func configurationProblems(_ configuration: [String: JSONValue]) -> [String] {
        let unknown = descriptor.unknownConfigurationKeys(in: configuration)
        guard unknown.isEmpty else { return unknown }
        do {
            try table.validateConfiguration(configuration)
            return []
        } catch {
            return ["\(error)"]
        }
    }

    public func makePlugin(configuration: [String: JSONValue]) throws -> any Plugin {
        DynamicPlugin(descriptor: descriptor, table: table, configuration: configuration)
    }

    private static func descriptor(from json: String?, library: URL) throws -> PluginDescriptor {
        guard let json else { throw DynamicPluginError("\(library.path) publishes no descriptor") }
        let decoded: DynamicDescriptor
        do {
            decoded = try JSONDecoder().decode(DynamicDescriptor.self, from: Data(json.utf8))
        } catch {
            throw DynamicPluginError("\(library.path) publishes an invalid descriptor: \(error.explanation)")
        }
        guard let version = SemanticVersion(decoded.version) else {
            throw DynamicPluginError("\(library.path) declares version '\(decoded.version)', which is not a version such as 1.0.0")
        }
        return PluginDescriptor(
            id: decoded.id, version: version, summary: decoded.summary ?? "",
            provides: decoded.provides ?? [], requires: decoded.requires ?? [],
            contributes: decoded.contributes ?? [], consumes: decoded.consumes ?? [],
            configurationKeys: decoded.configurationKeys ?? [], failurePolicy: decoded.failurePolicy ?? .abort
        )
    }
}
