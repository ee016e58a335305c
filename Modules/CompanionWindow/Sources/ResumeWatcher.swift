import CWebKitGTK
import Essentials

/// Tells the window when the machine wakes from sleep: logind's `PrepareForSleep(false)` on the
/// system bus (only from `org.freedesktop.login1` itself). Without a system bus it says so once and
/// watches nothing. UI thread only: the signal arrives on the GLib main loop.
final class ResumeWatcher {
    private let connection: OpaquePointer?
    private var subscription: guint = 0
    private let target: StringHandlerBox

    init(logger: Logger, resumed: @escaping () -> Void) {
        target = StringHandlerBox { _ in resumed() }
        // A connection of its own, not GLib's shared one, which ends the process when the bus goes.
        var error: UnsafeMutablePointer<GError>?
        let address = g_dbus_address_get_for_bus_sync(G_BUS_TYPE_SYSTEM, nil, &error)
        defer { g_free(address) }
        connection = address.flatMap { address in
            g_dbus_connection_new_for_address_sync(
                address, GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue),
                nil, nil, &error
            )
        }
        if let error {
            logger.info("no system bus (\(String(cString: error.pointee.message))): the window does not hear the machine wake up")
            g_error_free(error)
        }
        guard let connection else { return }
        let callback: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, OpaquePointer?, gpointer?) -> Void = {
            _, _, _, _, _, parameters, data in
            guard let parameters, let data, g_variant_n_children(parameters) == 1, let starting = g_variant_get_child_value(parameters, 0) else { return }
            defer { g_variant_unref(starting) }
            if g_variant_get_boolean(starting) == 0 { Unmanaged<StringHandlerBox>.fromOpaque(data).takeUnretainedValue().handler("resumed") }
        }
        subscription = g_dbus_connection_signal_subscribe(
            connection, "org.freedesktop.login1", "org.freedesktop.login1.Manager", "PrepareForSleep", "/org/freedesktop/login1", nil,
            G_DBUS_SIGNAL_FLAGS_NONE, callback, Unmanaged.passUnretained(target).toOpaque(), nil
        )
    }

    deinit {
        guard let connection else { return }
        if subscription != 0 { g_dbus_connection_signal_unsubscribe(connection, subscription) }
        g_object_unref(UnsafeMutableRawPointer(connection))
    }
}
