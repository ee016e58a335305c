import Essentials

/// One message the frontend sends on the external bus: a request with an id (`config/get`), or an
/// event (`connection-status`, `theme-update`), or the result of a command the window sent.
public struct ExternalBusMessage: Sendable, Equatable {
    /// The longest message read; a theme update is the largest the frontend sends, a few KiB.
    static let maximumBytes = 256 * 1_024

    /// The id to answer with (the frontend numbers every message).
    public let id: Int64?
    /// What it is, such as `config/get`.
    public let type: String
    /// Its payload, when it has one.
    public let payload: JSONValue?
    /// For a result, whether it succeeded.
    public let success: Bool?
    /// For a failed result, its error's code (`not_ready`, `unknown_command`, …).
    public let errorCode: String?

    /// Reads the message's JSON text.
    public init(json: String) throws(BridgeMessageError) {
        guard json.utf8.count <= Self.maximumBytes else { throw BridgeMessageError("a bus message of \(json.utf8.count) bytes (at most \(Self.maximumBytes))") }
        guard let object = (try? JSONParser.parse(json))?.objectValue else { throw BridgeMessageError("a bus message that is not a JSON object") }
        guard let type = object["type"]?.stringValue, !type.isEmpty, type.utf8.count <= 128 else { throw BridgeMessageError("a bus message without a type") }
        self.type = type
        if case .integer(let id) = object["id"] { self.id = id } else { self.id = nil }
        payload = object["payload"]
        if case .bool(let success) = object["success"] { self.success = success } else { self.success = nil }
        errorCode = object["error"]?.objectValue?["code"]?.stringValue
    }
}
