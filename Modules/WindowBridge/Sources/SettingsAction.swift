import Essentials

/// What the settings page asks for, read from the JSON body it posts.
public enum SettingsAction: Sendable, Equatable {
    /// Turn reporting of one sensor on or off for the window's server.
    case reportSensor(id: String, on: Bool)
    /// Sign out of a server, as `home logout --server URL` does.
    case signOut(server: String)

    /// The longest body read.
    public static let maximumBytes = 4_096

    /// Reads a posted body: `{"action": "sensor", "id": ID, "on": BOOL}` or `{"action": "sign-out", "server": URL}`.
    public init(json bytes: [UInt8]) throws(BridgeMessageError) {
        guard bytes.count <= Self.maximumBytes else { throw BridgeMessageError("a settings request of \(bytes.count) bytes (at most \(Self.maximumBytes))") }
        guard let object = (try? JSONParser.parse(bytes))?.objectValue else { throw BridgeMessageError("a settings request that is not a JSON object") }
        switch object["action"]?.stringValue {
        case "sensor":
            guard let id = object["id"]?.stringValue, !id.isEmpty, id.utf8.count <= 128, case .bool(let on)? = object["on"] else {
                throw BridgeMessageError("a sensor request needs an id and on: true or false")
            }
            self = .reportSensor(id: id, on: on)
        case "sign-out":
            guard let server = object["server"]?.stringValue, !server.isEmpty, server.utf8.count <= 2_048 else { throw BridgeMessageError("a sign-out request needs a server") }
            self = .signOut(server: server)
        default:
            throw BridgeMessageError("an unknown settings request")
        }
    }
}
