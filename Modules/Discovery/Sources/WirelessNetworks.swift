import DBus

/// The Wi-Fi networks this machine is on, read from NetworkManager's D-Bus API on the system bus:
/// its `ActiveConnections`, each one's `Type` (`802-11-wireless`) and `SpecificObject` (the access
/// point), and that access point's `Ssid`. A companion at home is on one of the home networks.
public enum WirelessNetworks {
    static let service = "org.freedesktop.NetworkManager"
    static let path = "/org/freedesktop/NetworkManager"
    static let interface = "org.freedesktop.NetworkManager"
    static let activeInterface = "org.freedesktop.NetworkManager.Connection.Active"
    static let accessPointInterface = "org.freedesktop.NetworkManager.AccessPoint"
    /// The most active connections looked at (a machine has a handful).
    static let maximumConnections = 32
    /// The longest SSID 802.11 allows, in bytes.
    static let maximumSSIDLength = 32

    /// The SSIDs of the Wi-Fi networks NetworkManager has active on `bus`; nil when it cannot
    /// be asked (no system bus, NetworkManager not running), so the caller knows it does not know.
    public static func current(bus: DBusBus = .system) -> Set<String>? {
        guard let connection = try? DBusConnection(bus: bus) else { return nil }
        defer { connection.close() }
        return try? current(on: connection)
    }

    /// The SSIDs read over `connection`; throws when NetworkManager does not answer.
    public static func current(on connection: DBusConnection) throws -> Set<String> {
        let active = try property(connection, path, interface, "ActiveConnections").arrayValue ?? []
        var networks: Set<String> = []
        for item in active.prefix(maximumConnections) {
            guard let connectionPath = item.stringValue,
                  (try? property(connection, connectionPath, activeInterface, "Type").stringValue) == "802-11-wireless",
                  let accessPoint = try? property(connection, connectionPath, activeInterface, "SpecificObject").stringValue, accessPoint != "/",
                  let ssid = try? property(connection, accessPoint, accessPointInterface, "Ssid").bytesValue,
                  !ssid.isEmpty, ssid.count <= maximumSSIDLength else { continue }
            networks.insert(String(decoding: ssid, as: UTF8.self))
        }
        return networks
    }

    private static func property(_ connection: DBusConnection, _ path: String, _ interface: String, _ name: String) throws -> DBusValue {
        let reply = try connection.call(service, path, "org.freedesktop.DBus.Properties", "Get", [.string(interface), .string(name)], timeout: 5)
        guard let value = reply.first else { throw DBusClientError.invalidValue("NetworkManager gave no \(name)") }
        return value.unwrapped
    }
}
