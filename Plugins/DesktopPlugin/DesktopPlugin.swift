import HomePluginKit
import PluginHost

/// The desktop session: `home autostart` starts the agent (and the tray) with it, through XDG
/// autostart entries (the Desktop module).
public enum DesktopPlugin {
    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = CommandsPlugin.factory(
        id: "desktop", summary: "Start the agent and the tray with the desktop session: autostart", requires: [], commands: [AutostartCommand.self]
    ) { _ in
        [AutostartCommand()]
    }
}
