import Agent
import AgentContract
import HomePluginKit
import PluginHost
import SessionContract

/// The mobile_app agent: registration, encrypted webhooks, the durable queue and the report loop.
/// Reads the sensors, notification channels, handlers, presenters and location sources other
/// plugins contribute (``AgentPoints``), and contributes `agent`, `sensors` and `notifications`.
public final class AgentPlugin: Plugin {
    /// How the compiled catalog describes and builds this plugin; `appVersion` is the version
    /// the registration announces.
    public static func factory(appVersion: String) -> any PluginFactory {
        BuiltInPluginFactory(
            descriptor: PluginDescriptor(
                id: "agent", version: SemanticVersion(1, 0, 0),
                summary: "This machine as a mobile_app device: registration, encrypted webhooks, sensor reports, notifications",
                provides: [AgentCapabilities.webhook.id, AgentCapabilities.sensorReporting.id, AgentCapabilities.notificationHistory.id], requires: [SessionCapabilities.access.id],
                contributes: [
                    AgentCommand.declaration, SensorsCommand.declaration, NotificationsCommand.declaration,
                    ContributionDeclaration(point: SessionCapabilities.serverForgetting.name, name: "agent-relay", summary: "this machine's push relay registration"),
                ],
                consumes: AgentPoints.all
            ),
            configuration: AgentConfiguration.self
        ) { _ in
            AgentPlugin(appVersion: appVersion)
        }
    }

    private let appVersion: String

    init(appVersion: String) {
        self.appVersion = appVersion
    }

    public func start(_ context: PluginContext) async throws {
        let services = AgentServices(
            session: try context.resolve(SessionCapabilities.access), context: context,
            appVersion: appVersion, wakeups: AgentWakeups()
        )
        try context.provide(AgentCapabilities.webhook, RegisteredWebhook(services: services))
        try context.provide(AgentCapabilities.sensorReporting, StoredSensorReporting(services: services))
        try context.provide(AgentCapabilities.notificationHistory, StoredNotificationHistory(services: services))
        try context.contribute(command: AgentCommand(services: services))
        try context.contribute(command: SensorsCommand(services: services))
        try context.contribute(command: NotificationsCommand(services: services))
        try context.contribute(SessionCapabilities.serverForgetting, name: "agent-relay", AgentRelayForgetting())
    }

    public func stop() async {}
}
