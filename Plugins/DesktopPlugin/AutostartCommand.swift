import CLIKit
import Desktop
import Essentials
import HomePluginKit

/// `home autostart [--json]`: what starts with the desktop session; `enable` and `disable` change it.
struct AutostartCommand: PluginCommand {
    static let commandName = "autostart"
    static let commandSummary = "Show what starts with the desktop session; 'enable|disable [--agent] [--tray]' changes it."
    let options: [OptionSpec] = [.json]
    var subcommands: [any Command] { [AutostartChangeCommand(enable: true), AutostartChangeCommand(enable: false)] }

    var details: String {
        """
        Writes XDG autostart entries in $XDG_CONFIG_HOME/autostart (io.homecompanion.Agent.desktop,
        io.homecompanion.Tray.desktop), which GNOME, KDE Plasma, Xfce, Cinnamon and MATE start with the
        session (systemd desktops run each as an app-…@autostart.service unit). Not systemd user units:
        the agent and the tray need the graphical session's bus and display.
        """
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("", minimum: 0, maximum: 0)
        let entries = AutostartEntries(configFolder: Current.directories().configuration.deletingLastPathComponent())
        let states = AutostartItem.allCases.map { ($0, entries.isEnabled($0)) }
        try invocation.report(
            states.map { "\($0.0.rawValue): \($0.1 ? "starts with the session" : "off")" },
            json: Dictionary(uniqueKeysWithValues: states.map { ($0.0.rawValue, JSONValue.bool($0.1)) })
        )
        return .success
    }
}
