import Essentials

/// Makes one kind of plugin: a built-in from the compiled catalog or a dynamic library.
public protocol PluginFactory: Sendable {
    /// What the plugin declares about itself.
    var descriptor: PluginDescriptor { get }
    /// Every problem with `configuration`, each naming the bad key; empty when it is valid.
    func configurationProblems(_ configuration: [String: JSONValue]) -> [String]
    /// Creates the plugin from a configuration that passed ``configurationProblems(_:)``.
    func makePlugin(configuration: [String: JSONValue]) throws -> any Plugin
}
