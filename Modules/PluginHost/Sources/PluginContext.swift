/// What a starting plugin sees of the host: its logger and the capability registry.
public struct PluginContext: Sendable {
    /// The id of the plugin being started.
    public let pluginID: String
    /// A logger labelled with the plugin's id.
    public let logger: Logger
    private let registry: CapabilityRegistry

    init(pluginID: String, logger: Logger, registry: CapabilityRegistry) {
        self.pluginID = pluginID
        self.logger = logger
        self.registry = registry
    }

    /// Registers the implementation of a capability this plugin provides.
    public func provide<Value: Sendable>(_ key: CapabilityKey<Value>, _ value: Value) throws {
        try registry.register(key, value, providedBy: pluginID)
    }

    /// The implementation of a capability this plugin requires.
    public func resolve<Value>(_ key: CapabilityKey<Value>) throws -> Value {
        try registry.resolve(key)
    }
}
