import AgentPlugin
import HomePluginKit
import PluginHost
import SessionPlugin

/// Assist in text: `home assist "turn on the kitchen lights"` through the device's webhook
/// (`conversation_process`, Home Assistant's conversation agent) or an Assist pipeline over the
/// WebSocket API (`assist_pipeline/run`, text in, intent out), the answer printed.
public final class AssistPlugin: Plugin {
    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = BuiltInPluginFactory(
        descriptor: PluginDescriptor(
            id: "assist", version: SemanticVersion(1, 0, 0),
            summary: "Talk to Home Assistant in text (Assist): assist",
            requires: [AgentWebhook.key.id, SessionAccess.key.id], contributes: [AssistCommand.declaration]
        ),
        configuration: AssistConfiguration.self
    ) { _ in
        AssistPlugin()
    }

    public func start(_ context: PluginContext) async throws {
        try context.contribute(command: AssistCommand(webhook: try context.resolve(AgentWebhook.key), session: try context.resolve(SessionAccess.key)))
    }

    public func stop() async {}
}
