import CLIKit
import Desktop
import Essentials
import FoundationEssentials
import HAModels
import HomePluginKit
import SessionCommandKit
import SessionContract
import WindowContract

/// `home window [--server URL] [--path PATH] [--entity ENTITY] [--settings] [--no-tray] [--screenshot FILE]`.
struct WindowCommand: PluginCommand {
    static let commandName = "window"
    static let commandSummary = "Open Home Assistant's frontend in a window, signed in as this companion (no second sign-in)."
    let session: any SessionAccess
    let frontends: @Sendable () -> [any WindowFrontend]
    let logger: Logger
    let options: [OptionSpec] = [
        .server, .json,
        .value("path", "PATH", help: "The frontend page to open, such as /lovelace/0 or /config/integrations (default /)."),
        .value("entity", "ENTITY", help: "Open this entity's more-info dialog on the page, such as light.kitchen."),
        .flag("settings", help: "Open the companion's settings page (servers, sensors, notifications) instead of a frontend page."),
        .flag("no-tray", help: "Close the window when it is closed, even while 'home tray' runs (which otherwise keeps it hidden)."),
        .value("screenshot", "FILE", help: "Write a PNG of the window once the frontend is connected, then close (for demos and bug reports)."),
    ]

    var details: String {
        """
        The window is the home-window executable (WebKitGTK 6.0, GTK 4), installed beside home; this
        command starts it. Links to other sites open in the browser; a certificate that cannot be
        verified stops the page. Signing out on the profile page signs this companion out of the server.
        """
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("no arguments", minimum: 0, maximum: 0)
        let path = invocation.arguments.values["path"] ?? "/"
        guard path.hasPrefix("/"), !path.contains("//"), path.utf8.count <= 2_048 else {
            throw UsageError("--path takes a frontend path starting with /, such as /lovelace/0")
        }
        let entity = invocation.arguments.values["entity"]
        if let entity, !LinkTarget.isEntityID(entity) {
            throw UsageError("--entity takes an entity id such as light.kitchen")
        }
        let settings = invocation.arguments.has("settings")
        if settings, invocation.arguments.values["screenshot"] != nil {
            throw UsageError("--settings and --screenshot do not go together: a screenshot is of the frontend once it is connected")
        }
        guard let frontend = frontends().first else {
            return try WindowExecutable.replaceProcess(arguments: Array(CommandLine.arguments.dropFirst()))
        }
        // The desktop's menu entry, written by the process that opens the window (home-window),
        // for the home beside it (a package's or a build's).
        if let home = HomeExecutable.path() {
            do {
                let folders = Current.directories()
                try DesktopEntry.install(executable: home, dataFolder: folders.data.deletingLastPathComponent(), configFolder: folders.configuration.deletingLastPathComponent())
            } catch {
                logger.warning("the desktop entry was not written: \(error)")
            }
        }
        let home = try await session.restore(server: invocation.server)
        let screenshot = invocation.arguments.values["screenshot"].map { URL(fileURLWithPath: $0) }
        let outcome = try await frontend.open(WindowRequest(
            home: home, path: path, entity: entity, settings: settings, closesWithoutTray: invocation.arguments.has("no-tray"), screenshot: screenshot, logger: logger
        ))
        let said = switch outcome {
        case .closed: "the window closed"
        case .screenshotWritten: "wrote \(screenshot?.path ?? "")"
        case .handedOver: "the window was open already; it now shows \(home.server)\(path)"
        }
        try invocation.report([said], json: (["server": .string("\(home.server)"), "path": .string(path), "entity": entity.map { .string($0) } ?? .null, "screenshot": screenshot.map { .string($0.path) } ?? .null, "handed_over": .bool(outcome == .handedOver)]))
        return .success
    }
}
