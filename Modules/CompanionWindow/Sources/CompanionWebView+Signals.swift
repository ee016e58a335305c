import CWebKitGTK
import WindowBridge

extension CompanionWebView {
    /// Connects the script-message handlers, the navigation policy, the TLS check and closing.
    func connectSignals(manager: OpaquePointer) {
        for name in FrontendBridge.handlerNames {
            let message: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, value, data in
                guard let value, let data else { return }
                let target = Unmanaged<SignalTarget>.fromOpaque(data).takeUnretainedValue()
                let jsValue = OpaquePointer(value)
                let text = jsc_value_is_string(jsValue) != 0 ? jsc_value_to_string(jsValue) : jsc_value_to_json(jsValue, 0)
                defer { g_free(text) }
                target.view.received(handler: target.handler, json: text.map { String(cString: $0) } ?? "null")
            }
            connect(UnsafeMutableRawPointer(manager), "script-message-received::\(name)", unsafeBitCast(message, to: GCallback.self), handler: name)
        }
        let policy: @convention(c) (gpointer?, gpointer?, WebKitPolicyDecisionType, gpointer?) -> gboolean = { _, decision, type, data in
            guard let decision, let data else { return 0 }
            let target = Unmanaged<SignalTarget>.fromOpaque(data).takeUnretainedValue()
            return target.view.decide(decision, type) ? 1 : 0
        }
        connect(UnsafeMutableRawPointer(webView), "decide-policy", unsafeBitCast(policy, to: GCallback.self))
        let tls: @convention(c) (gpointer?, UnsafePointer<CChar>?, gpointer?, GTlsCertificateFlags, gpointer?) -> gboolean = { _, uri, _, flags, data in
            guard let data else { return 0 }
            let target = Unmanaged<SignalTarget>.fromOpaque(data).takeUnretainedValue()
            let failing = uri.map { String(cString: $0) } ?? ""
            target.view.logger.warning("refused \(failing): its TLS certificate is not trusted (flags \(flags.rawValue))")
            target.view.showProblem(
                "This server's certificate is not trusted",
                "The window stopped loading \(failing) because its TLS certificate could not be verified. Nothing was sent to it. "
                    + "If the server uses its own certificate authority, add it to the system's trusted certificates.",
                for: failing
            )
            return 1
        }
        connect(UnsafeMutableRawPointer(webView), "load-failed-with-tls-errors", unsafeBitCast(tls, to: GCallback.self))
        let close: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
            guard let data else { return 0 }
            Unmanaged<SignalTarget>.fromOpaque(data).takeUnretainedValue().view.onClose()
            return 1
        }
        connect(UnsafeMutableRawPointer(window), "close-request", unsafeBitCast(close, to: GCallback.self))
    }

    private func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, _ callback: GCallback, handler: String = "") {
        let target = SignalTarget(view: self, handler: handler)
        signalTargets.append(target)
        _ = hc_signal_connect(instance, signal, callback, Unmanaged.passUnretained(target).toOpaque())
    }

    /// Whether the window took the decision itself (true: ignored here, maybe opened elsewhere).
    /// Pages of the server's origin stay; a link to another origin, clicked or opening a new window,
    /// goes to the browser; other loads (frames, redirects) go on, and the bridge answers only the
    /// server's top frame.
    private func decide(_ decision: gpointer, _ type: WebKitPolicyDecisionType) -> Bool {
        guard type == WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION || type == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION else { return false }
        guard let action = webkit_navigation_policy_decision_get_navigation_action(hc_navigation_decision(decision)),
              let request = webkit_navigation_action_get_request(action), let text = webkit_uri_request_get_uri(request) else { return false }
        let uri = String(cString: text)
        let clicked = webkit_navigation_action_get_navigation_type(action) == WEBKIT_NAVIGATION_TYPE_LINK_CLICKED
        if origin.contains(uri) {
            guard type == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION else { return false }
            // One window: a page of the server asked for a new one opens here instead.
            webkit_policy_decision_ignore(hc_policy_decision(decision))
            webkit_web_view_load_uri(webView, uri)
            return true
        }
        guard type == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION || clicked else { return false }
        webkit_policy_decision_ignore(hc_policy_decision(decision))
        leave(to: uri)
        return true
    }
}
