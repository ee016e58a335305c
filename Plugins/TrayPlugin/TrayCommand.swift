import CLIKit
import Essentials
import HomePluginKit
import SessionCommandKit
import Tray

/// `home tray [--server URL]`: runs the tray until its *Quit* (or SIGTERM); `pin`, `unpin` and
/// `pins` choose its quick actions.
struct TrayCommand: PluginCommand {
    static let commandName = "tray"
    static let commandSummary = "Show the tray icon (StatusNotifierItem) with quick actions and notifications; 'pin|unpin ENTITY' and 'pins' choose them."
    let services: TrayServices
    let options: [OptionSpec] = [.server]
    var subcommands: [any Command] { [TrayPinCommand(services: services, pin: true), TrayPinCommand(services: services, pin: false), TrayPinsCommand(services: services)] }

    var details: String {
        """
        The icon shows whether the server is reached; a click opens the window. Its menu: the window,
        the pinned entities (a click toggles a light, switch, fan, input_boolean or cover, runs a
        script or scene, presses a button; their state is live), the last notifications with their
        actions, the notification history, and Quit. The desktop must offer a StatusNotifierWatcher:
        KDE Plasma, Xfce (its status tray plugin), Cinnamon, MATE, Budgie, LXQt and waybar do; GNOME
        needs the AppIndicator extension. While the tray runs, closing the window hides it.
        """
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("", minimum: 0, maximum: 0)
        let home = try await services.session.restore(server: invocation.server)
        try await TrayRunner(services: services, home: home).run()
        return .success
    }
}
