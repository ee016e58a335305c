import CWebKitGTK
import Essentials
import Foundation
import WindowBridge

/// Ties a ``CompanionWebView`` to its ``FrontendBridge``: what the frontend asks of the window
/// (connection state, theme, settings, signing out) lands here and is done on the UI thread.
public final class WindowController: WindowActions, @unchecked Sendable {
    /// The window.
    public let view: CompanionWebView
    /// The bridge the page talks to.
    public private(set) var bridge: FrontendBridge?
    /// The frontend's last connection state (`connected`, `disconnected`, `auth-invalid`), or
    /// `loading` before it said one; read and written on the UI thread.
    public private(set) var connection = "loading"
    /// The Thread import dialog while it is open (and after, with its outcome).
    public private(set) var threadDialog: ThreadImportDialog?
    private let threadNetworks: (any ThreadNetworkOffer)?
    private let matter: (any MatterCommissionOffer)?
    /// The Matter dialog while it is open (and after, with its outcome).
    public private(set) var matterDialog: MatterCommissionDialog?
    private var systemEvents: SystemEventWatcher?
    /// Ends ``runUntilClosed(path:entity:settings:geometryFile:hidesOnClose:)``, while it runs.
    var quitLoop: (() -> Void)?
    /// Whether the page signed the companion out of the server and the window's site data is gone.
    public private(set) var isSignedOut = false
    let logger: Logger

    /// Creates the controller of `view` for `session`; call on the UI thread.
    public init(
        view: CompanionWebView, session: any WindowSession, capabilities: FrontendCapabilities, settling: (@Sendable () async -> FrontendCapabilities)? = nil, logger: Logger,
        threadNetworks: (any ThreadNetworkOffer)? = nil, matter: (any MatterCommissionOffer)? = nil
    ) {
        self.matter = matter
        self.view = view
        self.logger = logger
        self.threadNetworks = threadNetworks
        let bridge = FrontendBridge(session: session, capabilities: capabilities, settling: settling, actions: self, logger: logger) { [view] call in
            UIThread.perform { view.run(call) }
        }
        self.bridge = bridge
        view.attach(bridge)
        showTitle()
        // After a suspend or a network change the frontend's WebSocket is dead or on the wrong
        // network: it reconnects at once when told, instead of at its next retry.
        systemEvents = SystemEventWatcher(logger: logger) { [weak self] event in
            guard let self else { return }
            switch event {
            case .resumed: logger.info("the machine woke up: the frontend reconnects")
            case .networkReturned: logger.info("the network is back: the frontend reconnects")
            }
            self.bridge?.send(command: "restart")
        }
    }

    public func connectionChanged(_ state: String) {
        UIThread.perform { [self] in
            connection = state
            logger.info("the frontend is \(state)")
            showTitle()
            if state == "connected" { view.frontendConnected() }
        }
    }

    public func themeChanged() {
        UIThread.perform { [self] in
            view.evaluate(FrontendTheme.readScript) { [self] json in
                guard let theme = json.flatMap(FrontendTheme.init(json:)) else { return logger.debug("the frontend's theme could not be read") }
                theme.apply()
            }
        }
    }

    public func showSettings() {
        UIThread.perform { [self] in view.showSettings() }
    }

    public func importThreadCredentials() {
        guard let offer = threadNetworks else { return logger.warning("the frontend asked to import Thread credentials, which this window does not offer") }
        if let open = threadDialog, open.isOpen { return UIThread.perform { open.present() } }
        Task { [self] in
            let networks: [OfferedNetwork]
            do {
                networks = try await offer.networks()
            } catch {
                return logger.warning("the Thread networks could not be read: \(error)")
            }
            UIThread.perform { [self] in
                threadDialog = ThreadImportDialog(parent: view.window, server: view.server.absoluteString, networks: networks) { [self] network, done in
                    Task {
                        let outcome: String
                        do {
                            _ = try await offer.share(network.id)
                            outcome = "shared \(network.label)"
                        } catch {
                            outcome = "failed: \(error)"
                        }
                        logger.info("Thread import: \(outcome)")
                        UIThread.perform { done(outcome) }
                    }
                }
            }
        }
    }

    public func commissionMatter() {
        guard let matter else { return logger.warning("the frontend asked to commission a Matter device, which this window does not offer") }
        if let open = matterDialog, open.isOpen { return UIThread.perform { open.present() } }
        Task { [self] in
            // The Thread networks to offer besides the server's preferred one; none when they cannot be read.
            let networks = (try? await threadNetworks?.networks()) ?? []
            UIThread.perform { [self] in
                matterDialog = MatterCommissionDialog(
                    parent: view.window, server: view.server.absoluteString, threadNetworks: networks, readPicture: { try matter.code(fromPicture: $0) }
                ) { [self] code, network, progress, done in
                    Task {
                        let result: Result<String, any Error>
                        do {
                            result = .success(try await matter.commission(code: code, network: network) { line in UIThread.perform { progress(line) } })
                        } catch {
                            result = .failure(error)
                        }
                        logger.info("Matter commissioning: \((try? result.get()).map { "added \($0)" } ?? "failed")")
                        UIThread.perform { done(result) }
                    }
                }
            }
        }
    }

    public func signedOut() {
        UIThread.perform { [self] in
            view.clearSiteData { [self] in
                isSignedOut = true
                view.showProblem(
                    "Signed out", "This companion signed out of \(view.server.absoluteString) and removed its tokens, cookies and site data. Run 'home login \(view.server.absoluteString)' to sign in again.",
                    for: "about:blank"
                )
            }
        }
    }

    /// Closes the window for good: the page's messages go nowhere from now on, and the window,
    /// its view and this controller can be released.
    public func close() {
        view.detach()
        gtk_window_destroy(hc_gtk_window(view.window))
    }

    private func showTitle() {
        let state = connection == "connected" ? "" : " (\(connection))"
        gtk_window_set_title(hc_gtk_window(view.window), "Home Assistant · \(view.server.host ?? "")\(state)")
    }
}
