import Agent
import AgentPlugin
import Essentials
import PluginHost

/// Shows the agent's notifications on the desktop with `notify-send` (where a desktop session
/// exists), as an entry of the agent's `agent.notification-presenters` point.
public final class DesktopNotificationsPlugin: Plugin {
    /// Its entry's name among the presenters.
    static let presenterName = "desktop"

    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = BuiltInPluginFactory(
        descriptor: PluginDescriptor(
            id: "desktop-notifications", version: SemanticVersion(1, 0, 0),
            summary: "Shows notifications on the desktop (notify-send) when a desktop session exists",
            contributes: [ContributionDeclaration(point: AgentPoints.notificationPresenters.name, name: presenterName, summary: "notify-send")],
            failurePolicy: .ignore
        ),
        configuration: DesktopNotificationsConfiguration.self
    ) { _ in
        DesktopNotificationsPlugin()
    }

    public func start(_ context: PluginContext) async throws {
        try context.contribute(AgentPoints.notificationPresenters, name: Self.presenterName, DesktopNotifier(environment: Current.environment()))
    }

    public func stop() async {}
}
