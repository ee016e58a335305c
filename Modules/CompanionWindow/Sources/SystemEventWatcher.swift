import CWebKitGTK
import DBus
import Essentials
import Foundation

/// Tells the window when the machine wakes from sleep (logind's `PrepareForSleep(false)`) and when
/// the network comes back after it was down (NetworkManager's `StateChanged` rising from below
/// `NM_STATE_CONNECTED_LOCAL`, 50, to it or above: a local server is reachable without the
/// internet). Each signal is taken only from its service's own bus name. Without a system bus it
/// says so once and watches nothing; without NetworkManager no such signal comes. UI thread only:
/// the signals arrive on the GLib main loop.
final class SystemEventWatcher {
    /// NetworkManager's `NM_STATE_CONNECTED_LOCAL`: the lowest state in which a server can be reached.
    static let connectedLocal: UInt32 = 50

    private let connection: OpaquePointer?
    private var subscriptions: [guint] = []
    private let sleepTarget: StringHandlerBox
    private let networkTarget: StringHandlerBox

    init(logger: Logger, event: @escaping (SystemEvent) -> Void) {
        sleepTarget = StringHandlerBox { _ in event(.resumed) }
        // Whether NetworkManager last said the machine is connected; it was, while the window loaded.
        var networkUp = true
        networkTarget = StringHandlerBox { state in
            let up = (UInt32(state) ?? 0) >= Self.connectedLocal
            defer { networkUp = up }
            if up && !networkUp { event(.networkReturned) }
        }
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
            logger.info("no system bus (\(String(cString: error.pointee.message))): the window does not hear the machine wake up or the network come back")
            g_error_free(error)
        }
        guard let connection else { return }
        let sleeping: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, OpaquePointer?, gpointer?) -> Void = {
            _, _, _, _, _, parameters, data in
            guard let parameters, let data, g_variant_n_children(parameters) == 1, let starting = g_variant_get_child_value(parameters, 0) else { return }
            defer { g_variant_unref(starting) }
            if g_variant_get_boolean(starting) == 0 { Unmanaged<StringHandlerBox>.fromOpaque(data).takeUnretainedValue().handler("") }
        }
        let networkState: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, OpaquePointer?, gpointer?) -> Void = {
            _, _, _, _, _, parameters, data in
            guard let parameters, let data, g_variant_n_children(parameters) == 1, let state = g_variant_get_child_value(parameters, 0) else { return }
            defer { g_variant_unref(state) }
            guard String(cString: g_variant_get_type_string(state)) == "u" else { return }
            Unmanaged<StringHandlerBox>.fromOpaque(data).takeUnretainedValue().handler(String(g_variant_get_uint32(state)))
        }
        Self.checkServices(logger: logger)
        subscriptions = [
            g_dbus_connection_signal_subscribe(
                connection, "org.freedesktop.login1", "org.freedesktop.login1.Manager", "PrepareForSleep", "/org/freedesktop/login1", nil,
                G_DBUS_SIGNAL_FLAGS_NONE, sleeping, Unmanaged.passUnretained(sleepTarget).toOpaque(), nil
            ),
            g_dbus_connection_signal_subscribe(
                connection, "org.freedesktop.NetworkManager", "org.freedesktop.NetworkManager", "StateChanged", "/org/freedesktop/NetworkManager", nil,
                G_DBUS_SIGNAL_FLAGS_NONE, networkState, Unmanaged.passUnretained(networkTarget).toOpaque(), nil
            ),
        ]
    }

    /// The signals followed are checked against each running service's introspection data (on a
    /// thread of its own, off the UI): a service that lacks one is named in the log instead of
    /// staying silent. A service that is not running is no news (logind and NetworkManager are
    /// often absent in containers).
    private static func checkServices(logger: Logger) {
        Thread.detachNewThread {
            guard let bus = try? DBusConnection(bus: .system) else { return }
            defer { bus.close() }
            let watched = [
                ("org.freedesktop.login1", "/org/freedesktop/login1", "org.freedesktop.login1.Manager", "PrepareForSleep"),
                ("org.freedesktop.NetworkManager", "/org/freedesktop/NetworkManager", "org.freedesktop.NetworkManager", "StateChanged"),
            ]
            for (service, path, interface, signal) in watched where bus.owner(of: service) != nil {
                do {
                    try bus.require(service, path, interface, signals: [signal])
                } catch {
                    logger.warning("\(error); the window will not hear it")
                }
            }
        }
    }

    deinit {
        guard let connection else { return }
        for subscription in subscriptions where subscription != 0 { g_dbus_connection_signal_unsubscribe(connection, subscription) }
        g_object_unref(UnsafeMutableRawPointer(connection))
    }
}
