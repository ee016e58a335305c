import CPluginABI
import Essentials
import FoundationEssentials

/// The function table an out-of-tree plugin returned, with the calls wrapped in Swift.
///
/// The table lives in the plugin library, which is never unloaded, so the pointer stays valid
/// and the functions are callable from any thread.
struct PluginABITable: @unchecked Sendable {
    private let table: UnsafePointer<hc_plugin_api>

    init(_ table: UnsafePointer<hc_plugin_api>) {
        self.table = table
    }

    var abiVersion: UInt32 { table.pointee.abi_version }

    var descriptorJSON: String? {
        table.pointee.descriptor_json.map { String(cString: $0) }
    }

    func validateConfiguration(_ configuration: [String: JSONValue]) throws {
        let function = try required(table.pointee.validate_configuration, "validate_configuration")
        try call(configuration) { json, error in function(json, error) }
    }

    func start(_ configuration: [String: JSONValue]) throws {
        let function = try required(table.pointee.start, "start")
        try call(configuration) { json, error in function(json, error) }
    }

    func stop() {
        table.pointee.stop?()
    }

    func invoke(_ capability: String, _ request: JSONValue) throws -> JSONValue {
        let function = try required(table.pointee.invoke, "invoke")
        let requestJSON = try JSONSerializer.string(request)
        var response: UnsafeMutablePointer<CChar>?
        var error: UnsafeMutablePointer<CChar>?
        let status = function(capability, requestJSON, &response, &error)
        let responseText = take(response)
        let errorText = take(error)
        guard status == 0 else {
            throw DynamicPluginError(errorText ?? "the plugin failed \(capability) with status \(status)")
        }
        guard let responseText else { return .null }
        do {
            return try JSONParser.parse(responseText)
        } catch {
            throw DynamicPluginError("the plugin answered \(capability) with invalid JSON: \(error)")
        }
    }

    private func required<Function>(_ function: Function?, _ name: String) throws -> Function {
        guard let function else { throw DynamicPluginError("the plugin's table has no '\(name)' function") }
        return function
    }

    private func call(
        _ configuration: [String: JSONValue],
        _ body: (UnsafePointer<CChar>, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32
    ) throws {
        let json = try JSONSerializer.string(.object(configuration))
        var error: UnsafeMutablePointer<CChar>?
        let status = json.withCString { body($0, &error) }
        let message = take(error)
        guard status == 0 else { throw DynamicPluginError(message ?? "the plugin failed with status \(status)") }
    }

    /// Copies a string the plugin allocated and hands it back to the plugin to free.
    private func take(_ string: UnsafeMutablePointer<CChar>?) -> String? {
        guard let string else { return nil }
        defer { table.pointee.free_string?(string) }
        return String(cString: string)
    }
}
