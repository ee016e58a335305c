import AgentContract
import ConnectionContract
import HomePluginKit
import PluginHost
import SessionContract

/// Assist in text: `home assist "turn on the kitchen lights"` through the device's webhook
/// (`conversation_process`, Home Assistant's conversation agent) or an Assist pipeline over the
/// WebSocket API (`assist_pipeline/run`, text in, intent out), the answer printed.
public enum AssistPlugin {
    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = CommandsPlugin.factory(
        id: "assist", summary: "Talk to Home Assistant in text (Assist): assist", requires: [AgentCapabilities.webhook.id, SessionCapabilities.access.id, ConnectionCapabilities.connections.id],
        commands: [AssistCommand.self]
    ) { context in
        [
            AssistCommand(
                webhook: try context.resolve(AgentCapabilities.webhook), session: try context.resolve(SessionCapabilities.access),
                connections: try context.resolve(ConnectionCapabilities.connections)
            ),
        ]
    }
}
