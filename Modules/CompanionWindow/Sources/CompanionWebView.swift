import CWebKitGTK
import Essentials
import Foundation
import HAModels
import WindowBridge

/// The window: a GTK window holding a WebKit view of the server's frontend, its bridge handlers in
/// an isolated world, links to other origins sent to the browser and TLS errors shown, never
/// passed over. Its cookies and site data live in `dataFolder`, one per server.
///
/// It lives on the UI thread (the GLib main loop's); other threads reach it through
/// ``UIThread/perform(_:)``, which is why it may be shared.
public final class CompanionWebView: @unchecked Sendable {
    /// The server the window shows.
    public let server: URL
    let origin: ServerOrigin
    /// Where this server's cookies and site data live, and its HTTP cache.
    let dataFolder: URL
    let cacheFolder: URL
    let window: UnsafeMutablePointer<GtkWidget>
    let webView: UnsafeMutablePointer<WebKitWebView>
    let networkSession: OpaquePointer
    let logger: Logger
    private let openExternally: @Sendable (String) -> Void
    private var bridge: FrontendBridge?
    var signalTargets: [SignalTarget] = []
    /// What the settings page shows and changes; without it the page says there are none.
    public var settings: (any CompanionSettings)?
    /// Called when the user closes the window.
    public var onClose: () -> Void = {}
    /// The entity whose more-info dialog opens when the frontend is next connected.
    private var dialogEntity: String?
    /// Whether the window is hidden (closed while a tray keeps it).
    public private(set) var isHidden = false

    /// Creates the window (not yet shown) for `server`; call on the UI thread after `gtk_init`.
    public init(server: URL, dataFolder: URL, cacheFolder: URL, logger: Logger, openExternally: @escaping @Sendable (String) -> Void) throws {
        guard let origin = ServerOrigin(server) else { throw BridgeMessageError("\(server) is not an http or https URL with a host") }
        self.server = server
        self.origin = origin
        self.dataFolder = dataFolder
        self.cacheFolder = cacheFolder
        self.logger = logger
        self.openExternally = openExternally
        try FileManager.default.createDirectory(at: dataFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.createDirectory(at: cacheFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        networkSession = webkit_network_session_new(dataFolder.path, cacheFolder.path)
        guard let manager = webkit_user_content_manager_new() else { throw BridgeMessageError("WebKit could not make a content manager") }
        for name in FrontendBridge.handlerNames {
            _ = webkit_user_content_manager_register_script_message_handler(manager, name, BridgeScripts.world)
        }
        let pageScript = webkit_user_script_new(BridgeScripts.page, WEBKIT_USER_CONTENT_INJECT_TOP_FRAME, WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START, nil, nil)
        let isolatedScript = webkit_user_script_new_for_world(
            BridgeScripts.isolated(origin: origin), WEBKIT_USER_CONTENT_INJECT_TOP_FRAME, WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START, BridgeScripts.world, nil, nil
        )
        webkit_user_content_manager_add_script(manager, pageScript)
        webkit_user_content_manager_add_script(manager, isolatedScript)
        webkit_user_script_unref(pageScript)
        webkit_user_script_unref(isolatedScript)
        let view = hc_web_view_new(networkSession, manager)
        guard let view, let webView = hc_webkit_web_view(view) else { throw BridgeMessageError("WebKit could not make a web view") }
        self.webView = webView
        g_object_unref(UnsafeMutableRawPointer(manager))
        window = gtk_window_new()
        gtk_window_set_title(hc_gtk_window(window), "Home Assistant")
        gtk_window_set_default_size(hc_gtk_window(window), 1280, 900)
        gtk_window_set_child(hc_gtk_window(window), view)
        // Held until this object goes: work that lands after the user closed the window (a late
        // answer, a title change) meets a closed window, never freed memory.
        g_object_ref(UnsafeMutableRawPointer(window))
        g_object_ref(UnsafeMutableRawPointer(webView))
        connectSignals(manager: manager)
        SettingsScheme.register(self)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(webView))
        g_object_unref(UnsafeMutableRawPointer(window))
        g_object_unref(UnsafeMutableRawPointer(networkSession))
    }

    /// Hands the page's messages to `bridge` from now on.
    public func attach(_ bridge: FrontendBridge) {
        self.bridge = bridge
    }

    /// Stops handing the page's messages to the bridge.
    func detach() {
        bridge = nil
    }

    /// The window's size now, and whether it is maximized.
    public var geometry: WindowGeometry { WindowGeometry.of(window) }

    /// Resizes the window, as the user would.
    public func setSize(width: Int, height: Int) {
        gtk_window_set_default_size(hc_gtk_window(window), Int32(width), Int32(height))
    }

    /// Asks the window to close, as its close button does.
    public func requestClose() {
        gtk_window_close(hc_gtk_window(window))
    }

    /// Shows the window.
    public func present() {
        isHidden = false
        gtk_window_present(hc_gtk_window(window))
    }

    /// Hides the window without closing it (the tray keeps it); ``present()`` shows it again.
    public func hide() {
        isHidden = true
        gtk_widget_set_visible(window, 0)
    }

    /// Loads the frontend at `path` (such as `/lovelace/0`) with external authentication; with
    /// `entity`, that entity's more-info dialog opens once the frontend is connected.
    public func load(path: String = "/", entity: String? = nil) {
        var components = URLComponents(url: server, resolvingAgainstBaseURL: false) ?? URLComponents()
        components.path = path.hasPrefix("/") ? path : "/" + path
        components.queryItems = [URLQueryItem(name: "external_auth", value: "1")]
        let uri = components.url?.absoluteString ?? server.absoluteString
        dialogEntity = entity
        webkit_web_view_load_uri(webView, uri)
    }

    /// Raises the window and shows `url` (a page, and the dialog its
    /// ``dialogQueryItem`` names) when it is a page of this server; another server's page is
    /// refused with a log line (this window is signed in to its own server only).
    public func show(_ url: String) {
        present()
        if url == Self.settingsURL {
            logger.info("asked to show the settings")
            return showSettings()
        }
        guard origin.contains(url), let components = URLComponents(string: url) else {
            return logger.warning("asked to show \(url), which is not on \(server.absoluteString); this window stays where it is")
        }
        let entity = Self.dialogEntity(in: components)
        logger.info("asked to show \(components.path.isEmpty ? "/" : components.path)\(entity.map { " with the dialog of \($0)" } ?? "")")
        load(path: components.path.isEmpty ? "/" : components.path, entity: entity)
    }

    /// The query item of a page's URL that names the entity whose more-info dialog opens on it.
    public static let dialogQueryItem = "more-info-entity-id"

    /// The entity `components` asks the dialog of, if any.
    public static func dialogEntity(in components: URLComponents) -> String? {
        components.queryItems?.first { $0.name == dialogQueryItem }?.value.flatMap { LinkTarget.isEntityID($0) ? $0 : nil }
    }

    /// Once the frontend says it is connected: logs the page it shows and its origin, read from the page, and
    /// opens the dialog a load asked for (the frontend's own `hass-more-info` event).
    func frontendConnected() {
        evaluate("location.pathname + ' at ' + location.origin") { [logger] path in
            logger.info("the frontend shows \(path.flatMap { try? JSONParser.parse($0).stringValue } ?? "an unknown page")")
        }
        guard let entity = dialogEntity else { return }
        dialogEntity = nil
        guard let argument = try? JSONSerializer.string(.string(entity)) else { return }
        // A dialog opened before the panel has loaded is closed again as the panel sets up its
        // route, so the event waits for the panel (polling, for at most 20 s) and a moment more.
        let script = """
            (() => { const root = document.querySelector("home-assistant"); if (!root) return false;
              const panel = () => root.shadowRoot?.querySelector("home-assistant-main")?.shadowRoot?.querySelector("partial-panel-resolver")?.lastElementChild;
              let tries = 0;
              const open = () => root.dispatchEvent(new CustomEvent("hass-more-info", { detail: { entityId: \(argument) }, bubbles: true, composed: true }));
              const wait = setInterval(() => { tries += 1; if (panel()?.tagName?.startsWith("HA-PANEL-") || tries > 200) { clearInterval(wait); setTimeout(open, 500); } }, 100);
              return true; })()
            """
        evaluate(script) { [logger] opened in
            if opened == "true" { logger.info("opening the dialog of \(entity)") } else { logger.warning("the dialog of \(entity) could not be opened: the frontend has no home-assistant element") }
        }
    }

    /// The settings page's address, which ``show(_:)`` takes like a page's.
    public static let settingsURL = SettingsPage.url

    /// Shows the companion's settings page.
    public func showSettings() {
        webkit_web_view_load_uri(webView, SettingsPage.url)
    }

    /// The URI the view shows now.
    public var uri: String? {
        webkit_web_view_get_uri(webView).map { String(cString: $0) }
    }

    /// Runs `call` in the page (the page's own world).
    public func run(_ call: PageCall) {
        guard let message = try? JSONSerializer.string(call.message) else { return }
        webkit_web_view_call_async_javascript_function(webView, call.body, -1, hc_message_argument(message), nil, nil, nil, nil, nil)
    }

    /// Evaluates `script` in the page and hands its value, as JSON text (nil on an error), to `completion` on the UI thread.
    public func evaluate(_ script: String, completion: @escaping (String?) -> Void) {
        let box = Unmanaged.passRetained(CallbackBox<String?>(completion)).toOpaque()
        webkit_web_view_evaluate_javascript(webView, script, -1, nil, nil, nil, { source, result, data in
            guard let data else { return }
            let box = Unmanaged<CallbackBox<String?>>.fromOpaque(data).takeRetainedValue()
            var error: UnsafeMutablePointer<GError>?
            let value = webkit_web_view_evaluate_javascript_finish(UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: WebKitWebView.self), result, &error)
            if let error { g_error_free(error) }
            guard let value else { return box.complete(nil) }
            defer { g_object_unref(UnsafeMutableRawPointer(value)) }
            let text = jsc_value_to_json(value, 0)
            defer { g_free(text) }
            box.complete(text.map { String(cString: $0) } ?? "null")
        }, box)
    }

    /// Writes what the view shows to `file` as PNG and tells `completion` whether it worked.
    public func snapshot(to file: URL, completion: @escaping (Bool) -> Void) {
        let box = Unmanaged.passRetained(CallbackBox<Bool>(file: file.path, completion)).toOpaque()
        webkit_web_view_get_snapshot(webView, WEBKIT_SNAPSHOT_REGION_VISIBLE, WEBKIT_SNAPSHOT_OPTIONS_NONE, nil, { source, result, data in
            guard let data else { return }
            let box = Unmanaged<CallbackBox<Bool>>.fromOpaque(data).takeRetainedValue()
            var error: UnsafeMutablePointer<GError>?
            let texture = webkit_web_view_get_snapshot_finish(UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: WebKitWebView.self), result, &error)
            if let error { g_error_free(error) }
            guard let texture else { return box.complete(false) }
            defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
            box.complete(gdk_texture_save_to_png(texture, box.file ?? "") != 0)
        }, box)
    }

    /// Removes every cookie and all site data this server's window kept (in WebKit's memory and in
    /// its folder), then calls `completion`.
    public func clearSiteData(completion: @escaping () -> Void) {
        let manager = webkit_network_session_get_website_data_manager(networkSession)
        let folders = [dataFolder, cacheFolder]
        let box = Unmanaged.passRetained(CallbackBox<Void> { [logger] in
            for folder in folders where FileManager.default.fileExists(atPath: folder.path) {
                do {
                    try FileManager.default.removeItem(at: folder)
                } catch {
                    logger.warning("cannot remove the window's site data in \(folder.path): \(error)")
                }
            }
            completion()
        }).toOpaque()
        webkit_website_data_manager_clear(manager, WEBKIT_WEBSITE_DATA_ALL, 0, nil, { source, result, data in
            guard let data else { return }
            _ = webkit_website_data_manager_clear_finish(OpaquePointer(source), result, nil)
            Unmanaged<CallbackBox<Void>>.fromOpaque(data).takeRetainedValue().complete(())
        }, box)
    }

    /// Shows `text` as the page, for a failure the window will not pass over (a TLS error).
    func showProblem(_ title: String, _ text: String, for uri: String) {
        let html = "<!doctype html><meta charset=utf-8><title>\(HTMLText.escaped(title))</title>"
            + "<body style=\"font-family:sans-serif;max-width:40em;margin:4em auto\"><h1>\(HTMLText.escaped(title))</h1><p>\(HTMLText.escaped(text))</p>"
        webkit_web_view_load_alternate_html(webView, html, uri, nil)
    }

    /// The link or page at `uri` leaves the server's origin: the user's browser opens it.
    func leave(to uri: String) {
        guard let scheme = URL(string: uri)?.scheme?.lowercased(), ["http", "https", "mailto"].contains(scheme) else {
            return logger.info("did not open \(uri): not a web link")
        }
        openExternally(uri)
    }

    /// A message the page posted to `handler`.
    func received(handler: String, json: String) {
        guard let bridge else { return logger.warning("a message to \(handler) came before the bridge was attached") }
        bridge.receive(handler: handler, json: json)
    }
}
