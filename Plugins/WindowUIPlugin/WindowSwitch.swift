import CompanionWindow
import Essentials
import Foundation
import HAModels
import WindowBridge

/// The server switcher: what a later `home window` or the settings page asks the open window to
/// show. A page of the window's server is shown in place; a page of another server signed in to
/// closes this window and has ``WebKitFrontend`` open that server's (a window is signed in to one
/// server, and keeps that server's site data apart); any other page is refused with a log line.
/// When the network moves the server to its other URL, the window reopens there at the page it
/// showed, hidden if it was. UI thread only.
final class WindowSwitch: @unchecked Sendable {
    /// Where the window goes next: a server signed in to, and the page to open there.
    struct Target: Equatable {
        let server: String
        let path: String
        let entity: String?
        var settings = false
        var hidden = false
    }

    /// The window open now.
    var controller: WindowController?
    private var view: CompanionWebView? { controller?.view }
    private var target: Target?
    private let signedIn: @Sendable () throws -> [String]
    private let logger: Logger

    /// A switcher among the servers `signedIn` lists.
    init(signedIn: @escaping @Sendable () throws -> [String], logger: Logger) {
        self.signedIn = signedIn
        self.logger = logger
    }

    /// Shows `url` (a server's page) as described above.
    func show(_ url: String) {
        guard let view else { return }
        guard let requested = URL(string: url), let origin = ServerOrigin(requested), origin != ServerOrigin(view.server) else { return view.show(url) }
        let servers: [String]
        do {
            servers = try signedIn()
        } catch {
            view.present()
            return logger.warning("asked to show \(url), but the servers signed in to could not be read: \(error)")
        }
        guard let server = servers.first(where: { URL(string: $0).flatMap(ServerOrigin.init) == origin }) else {
            view.present()
            return logger.warning("asked to show \(url), on a server this companion is not signed in to; sign in with 'home login \(origin)' first")
        }
        let entity = URLComponents(url: requested, resolvingAgainstBaseURL: false).flatMap(CompanionWebView.dialogEntity(in:))
        target = Target(server: server, path: requested.path.isEmpty ? "/" : requested.path, entity: entity)
        logger.info("the window switches to \(server)")
        controller?.end()
    }

    /// Reopens the window of `server` at `address`, where the network has it reached now.
    func move(server: String, to address: String) {
        guard let view, ServerOrigin(view.server) != URL(string: address).flatMap(ServerOrigin.init) else { return }
        let shown = view.uri.flatMap(URL.init(string:))
        let settings = view.uri == CompanionWebView.settingsURL
        let path = shown.map { $0.path.isEmpty ? "/" : $0.path } ?? "/"
        target = Target(server: server, path: settings ? "/" : path, entity: nil, settings: settings, hidden: view.isHidden)
        logger.info("the network changed: the window moves to \(address)")
        controller?.end()
    }

    /// The switch asked for since the window opened, if any; asking again gives nil.
    func take() -> Target? {
        defer { target = nil }
        return target
    }
}
