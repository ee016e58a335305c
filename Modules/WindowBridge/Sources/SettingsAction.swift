import Essentials

/// What the settings page asks for, read from the JSON body it posts.
public enum SettingsAction: Sendable, Equatable {
    /// Turn reporting of one sensor on or off for the window's server.
    case reportSensor(id: String, on: Bool)
    /// Sign out of a server, as `home logout --server URL` does.
    case signOut(server: String)
    /// Make a server the default, as `home servers default --server URL` does.
    case makeDefault(server: String)
    /// Show another server signed in to in the window (the server switcher).
    case openServer(server: String)
    /// Press a notification's action, with the text of a reply, as `home notifications act` does.
    case pressNotificationAction(id: Int64, action: String, text: String?)
    /// Sign in to a server with a user name and password, as `home login URL` does.
    case signIn(SignInRequest)
    /// Start `home agent` or `home tray` with the desktop session, or stop, as `home autostart` does.
    case autostart(item: String, on: Bool)
    /// Sign in to a server in the user's browser, as `home login URL --browser` does.
    case signInWithBrowser(server: String)
    /// Turn a switch of a settings section (`controls`, `plugins`) on or off.
    case setSwitch(section: String, id: String, on: Bool)
    /// Pin an entity to the tray as a quick action, or unpin it, as `home tray pin|unpin` does.
    case pin(entity: String, on: Bool)

    /// What can start with the session.
    public static let autostartItems: Set<String> = ["agent", "tray"]

    /// The longest body read.
    public static let maximumBytes = 4_096

    /// Reads a posted body: `{"action": "sensor", "id": ID, "on": BOOL}`, `{"action": ACTION,
    /// "server": URL}` with `sign-out`, `default` or `open`, or `{"action": "notification-action",
    /// "id": NUMBER, "button": ACTION_ID, "text": REPLY}` (`text` only for a reply), or
    /// `{"action": "sign-in", "server": URL, "username": NAME, "password": PASSWORD}`, or
    /// `{"action": "sign-in-browser", "server": URL}`, or `{"action": "autostart", "item":
    /// "agent"|"tray", "on": BOOL}`, or `{"action": "pin"|"unpin", "entity": ID}`, or
    /// `{"action": "switch", "section": NAME, "id": ID, "on": BOOL}`.
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
            self = .signOut(server: try Self.server(in: object, for: "a sign-out"))
        case "default":
            self = .makeDefault(server: try Self.server(in: object, for: "a default-server"))
        case "open":
            self = .openServer(server: try Self.server(in: object, for: "an open-server"))
        case "notification-action":
            guard case .integer(let id)? = object["id"], id > 0, let action = object["button"]?.stringValue, !action.isEmpty, action.utf8.count <= 256 else {
                throw BridgeMessageError("a notification-action request needs a notification id and a button")
            }
            let text: String?
            switch object["text"] {
            case nil, .null?: text = nil
            case .string(let reply)? where reply.utf8.count <= 2_048: text = reply
            default: throw BridgeMessageError("a notification reply is text of at most 2 KiB")
            }
            self = .pressNotificationAction(id: id, action: action, text: text)
        case "sign-in":
            let server = try Self.server(in: object, for: "a sign-in")
            guard let username = object["username"]?.stringValue, !username.isEmpty, username.utf8.count <= 256,
                  let password = object["password"]?.stringValue, !password.isEmpty, password.utf8.count <= 1_024 else {
                throw BridgeMessageError("a sign-in request needs a user name and a password")
            }
            self = .signIn(SignInRequest(server: server, username: username, password: password))
        case "sign-in-browser":
            self = .signInWithBrowser(server: try Self.server(in: object, for: "a sign-in"))
        case "switch":
            guard let section = object["section"]?.stringValue, !section.isEmpty, section.utf8.count <= 128,
                  let id = object["id"]?.stringValue, !id.isEmpty, id.utf8.count <= 256, case .bool(let on)? = object["on"] else {
                throw BridgeMessageError("a switch request needs a section, an id and on: true or false")
            }
            self = .setSwitch(section: section, id: id, on: on)
        case "autostart":
            guard let item = object["item"]?.stringValue, Self.autostartItems.contains(item), case .bool(let on)? = object["on"] else {
                throw BridgeMessageError("an autostart request needs an item (agent or tray) and on: true or false")
            }
            self = .autostart(item: item, on: on)
        case "pin", "unpin":
            guard let entity = object["entity"]?.stringValue, !entity.isEmpty, entity.utf8.count <= 255 else {
                throw BridgeMessageError("a pin request needs an entity")
            }
            self = .pin(entity: entity, on: object["action"]?.stringValue == "pin")
        default:
            throw BridgeMessageError("an unknown settings request")
        }
    }

    /// The request's `server`: present, and at most 2 KiB.
    private static func server(in object: [String: JSONValue], for request: String) throws(BridgeMessageError) -> String {
        guard let server = object["server"]?.stringValue, !server.isEmpty, server.utf8.count <= 2_048 else { throw BridgeMessageError("\(request) request needs a server") }
        return server
    }
}
