import Agent
import AgentContract
import ConnectionContract
import PluginHost

/// The ways notifications reach the agent, as entries of `agent.notification-channels`: the
/// local push channel over the WebSocket connection, and a push relay's stream.
public final class PushChannelsPlugin: Plugin {
    static let localPush = "local-push"
    static let relayStream = "relay-stream"

    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = BuiltInPluginFactory(
        descriptor: PluginDescriptor(
            id: "push-channels", version: SemanticVersion(1, 0, 0),
            summary: "Notifications for the agent over the local push channel and a push relay's stream",
            requires: [ConnectionCapabilities.connections.id],
            contributes: [
                ContributionDeclaration(point: AgentPoints.notificationChannels.name, name: localPush, summary: "Home Assistant's local push channel"),
                ContributionDeclaration(point: AgentPoints.notificationChannels.name, name: relayStream, summary: "a push relay's /push/stream"),
            ],
            failurePolicy: .degrade
        ),
        configuration: PushChannelsConfiguration.self
    ) { _ in
        PushChannelsPlugin()
    }

    public func start(_ context: PluginContext) async throws {
        let connections = try context.resolve(ConnectionCapabilities.connections)
        try context.contribute(AgentPoints.notificationChannels, name: Self.localPush, LocalPushOpener(connections: connections))
        try context.contribute(AgentPoints.notificationChannels, name: Self.relayStream, RelayStreamOpener())
    }

    public func stop() async {}
}
