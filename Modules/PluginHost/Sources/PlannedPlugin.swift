import Essentials

/// A manifest entry that passed validation, ready to instantiate.
public struct PlannedPlugin: Sendable {
    /// What the plugin declares about itself.
    public let descriptor: PluginDescriptor
    /// The policy in force: the manifest's override, else the plugin's own.
    public let failurePolicy: FailurePolicy
    let factory: any PluginFactory
    let configuration: [String: JSONValue]
}
