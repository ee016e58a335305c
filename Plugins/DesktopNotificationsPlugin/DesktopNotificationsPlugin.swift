import Agent
import AgentContract
import DBus
import Essentials
import PluginHost
import Synchronization
import WindowContract

/// Shows the agent's notifications on the desktop through its notification server
/// (`org.freedesktop.Notifications` on the session bus), with their actions as buttons, as an
/// entry of the agent's `agent.notification-presenters` point; a click on one, or an action with a
/// `uri`, opens where it points through the first `window.openers` entry.
public final class DesktopNotificationsPlugin: Plugin {
    /// Its entry's name among the presenters.
    static let presenterName = "desktop"

    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = BuiltInPluginFactory(
        descriptor: PluginDescriptor(
            id: "desktop-notifications", version: SemanticVersion(1, 0, 0),
            summary: "Shows notifications on the desktop (org.freedesktop.Notifications) with their actions as buttons",
            contributes: [ContributionDeclaration(point: AgentPoints.notificationPresenters.name, name: presenterName, summary: "the desktop's notification server")],
            consumes: [WindowPoints.openers.name],
            failurePolicy: .ignore
        ),
        configuration: DesktopNotificationsConfiguration.self
    ) { _ in
        DesktopNotificationsPlugin()
    }

    private let notifier = Mutex<FreedesktopNotifier?>(nil)

    public func start(_ context: PluginContext) async throws {
        let notifier = FreedesktopNotifier(bus: .session, logger: context.logger) { context.contributions(to: WindowPoints.openers).map(\.value) }
        self.notifier.withLock { $0 = notifier }
        try context.contribute(AgentPoints.notificationPresenters, name: Self.presenterName, notifier)
    }

    public func stop() async {
        notifier.withLock { $0 }?.stop()
    }
}
