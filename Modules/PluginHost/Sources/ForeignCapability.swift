import Essentials

/// A capability implemented by an out-of-tree plugin: JSON in, JSON out.
public struct ForeignCapability: Sendable {
    /// The capability's name, passed to the plugin with each request.
    public let capability: String
    private let table: PluginABITable

    init(capability: String, table: PluginABITable) {
        self.capability = capability
        self.table = table
    }

    /// The registry key under which an out-of-tree plugin's capability `id` is registered.
    public static func key(_ id: CapabilityID) -> CapabilityKey<ForeignCapability> {
        CapabilityKey(name: id.name, version: id.version)
    }

    /// Sends `request` to the plugin and returns its answer.
    public func invoke(_ request: JSONValue) throws -> JSONValue {
        try table.invoke(capability, request)
    }
}
