import AgentPlugin
import HomePluginKit
import PluginHost

/// Assist in text: `home assist "turn on the kitchen lights"` through the device's webhook
/// (`conversation_process`, Home Assistant's conversation agent), the answer printed.
public final class AssistPlugin: Plugin {
    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = BuiltInPluginFactory(
        descriptor: PluginDescriptor(
            id: "assist", version: SemanticVersion(1, 0, 0),
            summary: "Talk to Home Assistant in text (Assist): assist",
            requires: [AgentWebhook.key.id], contributes: [AssistCommand.declaration]
        ),
        configuration: AssistConfiguration.self
    ) { _ in
        AssistPlugin()
    }

    public func start(_ context: PluginContext) async throws {
        try context.contribute(command: AssistCommand(webhook: try context.resolve(AgentWebhook.key)))
    }

    public func stop() async {}
}
