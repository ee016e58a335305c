import AgentContract
import CompanionWindow
import Essentials
import Foundation
import SessionContract
import ThreadContract
import WindowBridge
import WindowContract

/// The window on WebKitGTK: GTK runs on the main thread, which the GLib main loop then owns until
/// the window closes; the bridge's work runs on Swift's pool and comes back through `UIThread`.
struct WebKitFrontend: WindowFrontend {
    let appVersion: String
    let session: any SessionAccess
    let sensors: any SensorReporting
    let thread: any ThreadNetworkSharing

    func open(_ request: WindowRequest) async throws {
        let settings = WindowSettings(version: appVersion, server: "\(request.home.server)", session: session, sensors: sensors)
        let windowSession = try HomeWindowSession(home: request.home)
        let folders = request.home.folders
        try await MainActor.run {
            guard WindowToolkit.start() else {
                throw WindowRunError.noDisplay
            }
            let view = try CompanionWebView(
                server: windowSession.server, dataFolder: folders.data.appendingPathComponent("window"), cacheFolder: folders.cache.appendingPathComponent("window"),
                logger: request.logger, openExternally: BrowserOpener.open
            )
            view.settings = settings
            let controller = WindowController(
                view: view, session: windowSession, capabilities: FrontendCapabilities(settingsScreen: true, threadCredentialImport: true), logger: request.logger,
                threadNetworks: ServerThreadOffer(sharing: thread, server: "\(request.home.server)")
            )
            if let screenshot = request.screenshot {
                try controller.screenshotWhenConnected(path: request.path, to: screenshot)
            } else {
                controller.runUntilClosed(path: request.path, geometryFile: Current.directories().data.appendingPathComponent("window.json"))
            }
        }
    }
}
