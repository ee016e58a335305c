import CWebKitGTK
import Essentials

/// One window per user: the first `home window` owns `io.homecompanion.Window` on the session
/// bus, and a later one hands it the page to show (the `open` action, a URL) and ends. Without
/// a session bus each window stands alone. UI thread only.
public final class SingleInstance: @unchecked Sendable {
    /// What claiming found.
    public enum Claim {
        /// This process is the window; ``onOpen`` receives what later ones ask for.
        case first(SingleInstance)
        /// A window was open already and was asked to show the URL; this process has nothing to do.
        case handedOver
        /// No session bus: this window stands alone.
        case alone
    }

    private let application: OpaquePointer
    private var target: StringHandlerBox?

    private init(application: OpaquePointer) {
        self.application = application
    }

    /// Claims the window for this user, or hands `url` to the window that has it.
    public static func claim(showing url: String, logger: Logger) -> Claim {
        guard let application = hc_application_new(WindowToolkit.applicationID).map(OpaquePointer.init) else { return .alone }
        guard hc_application_register(UnsafeMutablePointer(application)) != 0 else {
            logger.info("no session bus: this window does not know of others")
            g_object_unref(UnsafeMutableRawPointer(application))
            return .alone
        }
        guard hc_application_is_remote(UnsafeMutablePointer(application)) == 0 else {
            hc_application_activate_remote(UnsafeMutablePointer(application), "open", url)
            g_object_unref(UnsafeMutableRawPointer(application))
            return .handedOver
        }
        return .first(SingleInstance(application: application))
    }

    /// Calls `handler` with each URL a later `home window` asks this window to show.
    public func onOpen(_ handler: @escaping (String) -> Void) {
        let target = StringHandlerBox(handler)
        self.target = target
        let action = hc_application_add_string_action(UnsafeMutablePointer(application), "open")
        let activate: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void = { _, parameter, data in
            guard let parameter, let data, let text = g_variant_get_string(parameter, nil) else { return }
            Unmanaged<StringHandlerBox>.fromOpaque(data).takeUnretainedValue().handler(String(cString: text))
        }
        _ = hc_signal_connect(UnsafeMutableRawPointer(action), "activate", unsafeBitCast(activate, to: GCallback.self), Unmanaged.passUnretained(target).toOpaque())
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(application))
    }
}
