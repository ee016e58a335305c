import Essentials

/// What a starting plugin sees of the host: its logger, the capabilities and the extension points.
public struct PluginContext: Sendable {
    /// The id of the plugin being started.
    public let pluginID: String
    /// A logger labelled with the plugin's id.
    public let logger: Logger
    private let registry: CapabilityRegistry
    private let extensions: ExtensionRegistry

    init(pluginID: String, logger: Logger, registry: CapabilityRegistry, extensions: ExtensionRegistry) {
        self.pluginID = pluginID
        self.logger = logger
        self.registry = registry
        self.extensions = extensions
    }

    /// Registers the implementation of a capability this plugin provides.
    public func provide<Value: Sendable>(_ key: CapabilityKey<Value>, _ value: Value) throws {
        try registry.register(key, value, providedBy: pluginID)
    }

    /// The implementation of a capability this plugin requires.
    public func resolve<Value>(_ key: CapabilityKey<Value>) throws -> Value {
        try registry.resolve(key)
    }

    /// Adds this plugin's entry `name` to `point`, as its descriptor declares under `contributes`.
    public func contribute<Value: Sendable>(_ point: ExtensionPoint<Value>, name: String, _ value: Value) throws {
        try extensions.contribute(point, name: name, value, by: pluginID)
    }

    /// Every entry of a point this plugin consumes; the contributors started before it.
    ///
    /// A plugin may keep its context and ask again later: the answer is read live.
    public func contributions<Value: Sendable>(to point: ExtensionPoint<Value>) -> [Contribution<Value>] {
        extensions.contributions(to: point)
    }

    /// The extension registry itself, for the host's own adapters.
    var extensionRegistry: ExtensionRegistry { extensions }
}
