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
    let notifications: any NotificationHistoryReading

    func open(_ request: WindowRequest) async throws -> WindowOutcome {
        let settings = WindowSettings(version: appVersion, server: "\(request.home.server)", session: session, sensors: sensors, thread: thread, notifications: notifications)
        let windowSession = try HomeWindowSession(home: request.home)
        let folders = request.home.folders
        return try await MainActor.run {
            guard WindowToolkit.start() else {
                throw WindowRunError.noDisplay
            }
            // One window per user, unless this one only takes a picture.
            let server = windowSession.server.absoluteString
            let page = (server.hasSuffix("/") ? String(server.dropLast()) : server) + request.path
            var instance: SingleInstance?
            if request.screenshot == nil {
                switch SingleInstance.claim(showing: page, logger: request.logger) {
                case .handedOver: return .handedOver
                case .first(let claimed): instance = claimed
                case .alone: break
                }
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
            instance?.onOpen { [view] url in view.show(url) }
            if let screenshot = request.screenshot {
                try controller.screenshotWhenConnected(path: request.path, to: screenshot)
                return .screenshotWritten
            }
            controller.runUntilClosed(path: request.path, geometryFile: Current.directories().data.appendingPathComponent("window.json"))
            withExtendedLifetime(instance) {}
            return .closed
        }
    }
}
