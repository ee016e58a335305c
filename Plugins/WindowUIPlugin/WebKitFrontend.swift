import AgentContract
import CompanionWindow
import Discovery
import Essentials
import Foundation
import HomeAPI
import HomePluginKit
import PluginHost
import SessionContract
import ThreadContract
import WindowBridge
import WindowContract

/// The window on WebKitGTK: GTK runs on the main thread, which the GLib main loop then owns until
/// the window closes; the bridge's work runs on Swift's pool and comes back through `UIThread`.
/// When the user switches to another server signed in to (``WindowSwitch``), the window closes and
/// that server's opens in its place, at the same size.
struct WebKitFrontend: WindowFrontend {
    let appVersion: String
    let session: any SessionAccess
    let sensors: any SensorReporting
    let thread: any ThreadNetworkSharing
    let notifications: any NotificationHistoryAccess
    /// The Matter commissioning the frontend's "Add Matter device" uses, if a plugin gives one.
    let matter: @Sendable () -> (any MatterCommissioning)?
    /// The settings page's sections of switches (controls, plugins).
    let switches: @Sendable () -> [Contribution<any SettingsSwitches>]

    func open(_ request: WindowRequest) async throws -> WindowOutcome {
        try await show(request)
    }

    @MainActor
    private func show(_ request: WindowRequest) async throws -> WindowOutcome {
        guard WindowToolkit.start() else {
            throw WindowRunError.noDisplay
        }
        let switcher = WindowSwitch(signedIn: { [session] in try session.client.servers().map(\.server) }, logger: request.logger)
        // One window per user, unless this one only takes a picture.
        var instance: SingleInstance?
        if request.screenshot == nil {
            let shown = request.settings ? CompanionWebView.settingsURL : Self.page(request.path, entity: request.entity, on: "\(request.home.address)")
            switch SingleInstance.claim(showing: shown, logger: request.logger) {
            case .handedOver: return .handedOver
            case .first(let claimed): instance = claimed
            case .alone: break
            }
        }
        instance?.onOpen { url in switcher.show(url) }
        var home = request.home
        var path = request.path
        var entity = request.entity
        var settings = request.settings
        var hidden = false
        // While `home tray` runs, closing hides the window; when the tray goes, a hidden window closes.
        let tray = TrayPresence()
        let current = WindowHolder()
        tray.watch(logger: request.logger) { UIThread.perform { current.controller?.closeIfHidden() } }
        defer { tray.stop() }
        let hidesOnClose = { [closes = request.closesWithoutTray] in !closes && TrayPresence.isRunning() }
        while true {
            let controller = try makeWindow(home: home, request: request, switcher: switcher, matter: matter())
            switcher.controller = controller
            if let screenshot = request.screenshot {
                try controller.screenshotWhenConnected(path: path, entity: entity, to: screenshot)
                return .screenshotWritten
            }
            current.controller = controller
            // The network moving the server to its other URL reopens the window there (detached:
            // the main actor's queue does not run while the GLib main loop owns the thread).
            let moves = Task.detached { [home] in
                for await address in home.addressChanges() {
                    UIThread.perform { switcher.move(server: "\(home.server)", to: "\(address)") }
                    return
                }
            }
            controller.runUntilClosed(
                path: path, entity: entity, settings: settings, geometryFile: Current.directories().data.appendingPathComponent("window.json"), hidden: hidden,
                hidesOnClose: hidesOnClose
            )
            moves.cancel()
            current.controller = nil
            switcher.controller = nil
            guard let next = switcher.take() else { break }
            home = try await session.restore(server: next.server)
            path = next.path
            entity = next.entity
            settings = next.settings
            hidden = next.hidden
        }
        withExtendedLifetime(instance) {}
        return .closed
    }

    /// The window and its controller for `home`'s server; on the UI thread.
    @MainActor
    private func makeWindow(home: Home, request: WindowRequest, switcher: WindowSwitch, matter: (any MatterCommissioning)?) throws -> WindowController {
        let server = "\(home.server)"
        let settings = WindowSettings(
            version: appVersion, server: server, session: session, sensors: sensors, thread: thread, notifications: notifications,
            open: { url in UIThread.perform { switcher.show(url) } }, discovery: AvahiBrowser(logger: request.logger),
            switches: switches
        )
        let windowSession = try HomeWindowSession(home: home)
        let folders = home.folders
        let view = try CompanionWebView(
            server: windowSession.server, dataFolder: folders.data.appendingPathComponent("window"), cacheFolder: folders.cache.appendingPathComponent("window"),
            logger: request.logger, openExternally: BrowserOpener.open
        )
        view.settings = settings
        // The frontend offers "Add Matter device" once the server has Matter running: asked while
        // the page loads (the frontend waits for `config/get` anyway), not before.
        let capabilities = FrontendCapabilities(settingsScreen: true, threadCredentialImport: true)
        return WindowController(
            view: view, session: windowSession, capabilities: capabilities, settling: Self.settling(capabilities, matter: matter, server: server), logger: request.logger,
            threadNetworks: ServerThreadOffer(sharing: thread, server: server), matter: matter.map { ServerMatterOffer(commissioning: $0, server: server) }
        )
    }

    /// `capabilities` with Matter commissioning on when the server runs Matter (nil: nothing to ask).
    private nonisolated static func settling(
        _ capabilities: FrontendCapabilities, matter: (any MatterCommissioning)?, server: String
    ) -> (@Sendable () async -> FrontendCapabilities)? {
        guard let matter else { return nil }
        return { @Sendable in
            var settled = capabilities
            settled.matterCommissioning = await matter.isAvailable(server: server)
            return settled
        }
    }

    /// The URL of `path` on `server`, naming `entity`'s dialog.
    private static func page(_ path: String, entity: String?, on server: String) -> String {
        let dialog = entity.map { "?\(CompanionWebView.dialogQueryItem)=\($0)" } ?? ""
        return (server.hasSuffix("/") ? String(server.dropLast()) : server) + path + dialog
    }
}
