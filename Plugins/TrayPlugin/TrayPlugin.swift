import AgentContract
import ConnectionContract
import HomePluginKit
import PluginHost
import SessionContract
import WindowContract

/// The tray: `home tray` shows a StatusNotifierItem with the connection's state, the pinned
/// entities as quick actions with their live state, the last notifications with their actions,
/// and ways to the window; `home tray pin|unpin ENTITY` and `home tray pins` choose the quick actions.
public enum TrayPlugin {
    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = BuiltInPluginFactory(
        descriptor: PluginDescriptor(
            id: "tray", version: SemanticVersion(1, 0, 0),
            summary: "A tray icon with quick actions and the last notifications (StatusNotifierItem): tray",
            requires: [SessionCapabilities.access.id, ConnectionCapabilities.connections.id, AgentCapabilities.notificationHistory.id],
            contributes: [TrayCommand.declaration], consumes: [WindowPoints.openers.name],
            failurePolicy: .degrade
        ),
        configuration: CommandsPluginConfiguration.self
    ) { _ in
        TrayPluginInstance()
    }
}
