import CLIKit
import PluginHost

/// A plugin that only contributes commands (`assist`, `template`, `tag`, `zones`): its factory
/// declares what it requires and builds the commands from the started plugin's context, so such a
/// plugin is its factory and its commands, without a class of its own. It takes no configuration.
public final class CommandsPlugin: Plugin {
    /// The factory of a commands-only plugin: `make` resolves what `requires` names and returns
    /// one command per entry of `commands`, each contributed under its word. Its failure policy
    /// is `degrade` (the rest of `home` runs without its commands).
    public static func factory(
        id: String, version: SemanticVersion = SemanticVersion(1, 0, 0), summary: String, requires: [CapabilityID],
        commands: [any PluginCommand.Type], make: @escaping @Sendable (PluginContext) throws -> [any PluginCommand]
    ) -> any PluginFactory {
        BuiltInPluginFactory(
            descriptor: PluginDescriptor(
                id: id, version: version, summary: summary, requires: requires, contributes: commands.map { $0.declaration }, failurePolicy: .degrade
            ),
            configuration: CommandsPluginConfiguration.self
        ) { _ in
            CommandsPlugin(make: make)
        }
    }

    private let make: @Sendable (PluginContext) throws -> [any PluginCommand]

    init(make: @escaping @Sendable (PluginContext) throws -> [any PluginCommand]) {
        self.make = make
    }

    public func start(_ context: PluginContext) async throws {
        for command in try make(context) { try context.contribute(command: command) }
    }

    public func stop() async {}
}
