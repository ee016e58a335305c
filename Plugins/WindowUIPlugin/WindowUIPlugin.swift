import AgentContract
import HomePluginKit
import PluginHost
import SessionContract
import ThreadContract
import WindowContract

/// Contributes the WebKitGTK window to `window.frontends`.
public final class WindowUIPlugin: Plugin {
    /// How `home-window`'s catalog describes and builds this plugin; `appVersion` is what the
    /// settings page shows.
    public static func factory(appVersion: String) -> any PluginFactory {
        BuiltInPluginFactory(
            descriptor: PluginDescriptor(
                id: "window-ui", version: SemanticVersion(1, 0, 0),
                summary: "The window's WebKitGTK frontend (only in home-window)",
                requires: [SessionCapabilities.access.id, AgentCapabilities.sensorReporting.id, AgentCapabilities.notificationHistory.id, ThreadCapabilities.sharing.id],
                contributes: [ContributionDeclaration(point: WindowPoints.frontends.name, name: "webkitgtk", summary: "WebKitGTK 6.0 and GTK 4")],
                consumes: [WindowPoints.matterCommissioners.name, SettingsPoint.switches.name],
                failurePolicy: .degrade
            ),
            configuration: CommandsPluginConfiguration.self
        ) { _ in
            WindowUIPlugin(appVersion: appVersion)
        }
    }

    private let appVersion: String

    init(appVersion: String) {
        self.appVersion = appVersion
    }

    public func start(_ context: PluginContext) async throws {
        let frontend = WebKitFrontend(
            appVersion: appVersion, session: try context.resolve(SessionCapabilities.access), sensors: try context.resolve(AgentCapabilities.sensorReporting),
            thread: try context.resolve(ThreadCapabilities.sharing), notifications: try context.resolve(AgentCapabilities.notificationHistory),
            matter: { context.contributions(to: WindowPoints.matterCommissioners).first?.value },
            switches: { context.contributions(to: SettingsPoint.switches) }
        )
        try context.contribute(WindowPoints.frontends, name: "webkitgtk", frontend)
    }

    public func stop() async {}
}
