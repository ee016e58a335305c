import Essentials

/// The notification part of a push request: Home Assistant's `message`, `title` and `data`, or
/// an end-to-end encrypted payload the relay passes on unread.
public enum HomeAssistantNotification: Sendable, Equatable {
    case plain(message: String, title: String?, data: [String: JSONValue])
    case encrypted(String)

    init(_ object: [String: JSONValue]) throws(RelayRequestError) {
        if case .bool(true)? = object["encrypted"] {
            guard case .string(let sealed)? = object["encrypted_data"], !sealed.isEmpty else {
                throw RelayRequestError(400, "encrypted is true but encrypted_data is missing or not a string")
            }
            self = .encrypted(sealed)
            return
        }
        guard case .string(let message)? = object["message"] else {
            throw RelayRequestError(400, "message is missing or not a string")
        }
        let title = try PushSendRequest.optionalString(object, "title")
        var data: [String: JSONValue] = [:]
        switch object["data"] {
        case nil, .null?: break
        case .object(let fields)?: data = fields
        default: throw RelayRequestError(400, "data must be an object")
        }
        self = .plain(message: message, title: title, data: data)
    }
}
