import CWebKitGTK
import Essentials
import Foundation
import WindowBridge

/// `homecompanion://settings/…`: the settings page and its two requests, answered inside the
/// window with no port opened. Only a view whose top frame shows the settings page gets an
/// answer, so a server's page (or a frame in it) cannot read or change the settings.
///
/// WebKit takes one handler per scheme for the process, so views register here and the handler
/// finds the asking view by its pointer; all of it runs on the UI thread.
enum SettingsScheme {
    nonisolated(unsafe) private static var views: [UnsafeMutableRawPointer: WeakViewBox] = [:]
    nonisolated(unsafe) private static var registered = false

    /// Lets `view` show the settings page.
    static func register(_ view: CompanionWebView) {
        views = views.filter { $0.value.view != nil }
        views[UnsafeMutableRawPointer(view.webView)] = WeakViewBox(view)
        guard !registered else { return }
        registered = true
        webkit_web_context_register_uri_scheme(webkit_web_view_get_context(view.webView), SettingsPage.scheme, { request, _ in
            guard let request else { return }
            SettingsScheme.answer(request)
        }, nil, nil)
    }

    private static func answer(_ request: OpaquePointer) {
        let asking = webkit_uri_scheme_request_get_web_view(request).map { UnsafeMutableRawPointer($0) }
        let path = webkit_uri_scheme_request_get_path(request).map { String(cString: $0) } ?? ""
        guard let asking, let view = views[asking]?.view, let settings = view.settings else {
            return finish(request, status: 404, type: "text/plain", "no settings here")
        }
        guard path == "/" || view.uri?.hasPrefix(SettingsPage.url) == true else {
            return finish(request, status: 403, type: "text/plain", "only the settings page reads the settings")
        }
        switch path {
        case "/":
            finish(request, status: 200, type: "text/html", SettingsPage.html)
        case "/state":
            respond(request, logger: view.logger) {
                let state = try await settings.snapshot()
                return try JSONSerializer.string(state)
            }
        case "/discovered":
            respond(request, logger: view.logger) {
                try JSONSerializer.string(try await settings.discovered())
            }
        case "/action":
            let method = webkit_uri_scheme_request_get_http_method(request).map { String(cString: $0) }
            guard method == "POST" else { return finish(request, status: 405, type: "text/plain", "post an action") }
            let body = readBody(request)
            respond(request, logger: view.logger) {
                try await settings.perform(try SettingsAction(json: body))
                return #"{"ok":true}"#
            }
        default:
            finish(request, status: 404, type: "text/plain", "no such settings page")
        }
    }

    /// Answers `request` with what `work` makes on Swift's pool, back on the UI thread.
    private static func respond(_ request: OpaquePointer, logger: Logger, _ work: @escaping @Sendable () async throws -> String) {
        g_object_ref(UnsafeMutableRawPointer(request))
        let held = RequestHandle(request)
        Task {
            let answer: (Int, String)
            do {
                answer = (200, try await work())
            } catch {
                logger.warning("the settings page's request failed: \(error)")
                answer = (400, (try? JSONSerializer.string(.object(["error": .string("\(error)")]))) ?? "{}")
            }
            UIThread.perform {
                finish(held.request, status: answer.0, type: "application/json", answer.1)
                g_object_unref(UnsafeMutableRawPointer(held.request))
            }
        }
    }

    private static func readBody(_ request: OpaquePointer) -> [UInt8] {
        guard let stream = webkit_uri_scheme_request_get_http_body(request) else { return [] }
        defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
        var buffer = [UInt8](repeating: 0, count: SettingsAction.maximumBytes + 1)
        var read: gsize = 0
        _ = buffer.withUnsafeMutableBytes { g_input_stream_read_all(stream, $0.baseAddress, gsize($0.count), &read, nil, nil) }
        return Array(buffer.prefix(Int(read)))
    }

    private static func finish(_ request: OpaquePointer, status: Int, type: String, _ text: String) {
        let bytes = Array(text.utf8)
        // GLib frees the copy when WebKit is done with the stream.
        let copy = g_malloc(gsize(max(bytes.count, 1)))
        if let copy { memcpy(copy, bytes, bytes.count) }
        let stream = g_memory_input_stream_new_from_data(copy, gssize(bytes.count), g_free)
        let response = webkit_uri_scheme_response_new(stream, gint64(bytes.count))
        webkit_uri_scheme_response_set_status(response, guint(status), nil)
        webkit_uri_scheme_response_set_content_type(response, type)
        webkit_uri_scheme_request_finish_with_response(request, response)
        g_object_unref(UnsafeMutableRawPointer(response))
        g_object_unref(UnsafeMutableRawPointer(stream))
    }
}
