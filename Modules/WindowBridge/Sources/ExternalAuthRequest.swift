import Essentials

/// A `getExternalAuth` or `revokeExternalAuth` message: the page function to answer, and for a
/// token whether the frontend insists on a fresh one.
public struct ExternalAuthRequest: Sendable, Equatable {
    /// The longest message read; the frontend's are under a hundred bytes.
    static let maximumBytes = 4_096

    /// The name of the page function to call with the answer (checked to be a plain identifier).
    public let callback: String
    /// Whether the frontend asks for a new token even if the last one has not expired.
    public let force: Bool

    /// Reads the message's JSON text.
    public init(json: String) throws(BridgeMessageError) {
        guard json.utf8.count <= Self.maximumBytes else { throw BridgeMessageError("an auth message of \(json.utf8.count) bytes (at most \(Self.maximumBytes))") }
        guard let object = (try? JSONParser.parse(json))?.objectValue else { throw BridgeMessageError("an auth message that is not a JSON object") }
        guard let callback = object["callback"]?.stringValue, Self.isIdentifier(callback) else {
            throw BridgeMessageError("an auth message without a callback that is a plain function name")
        }
        self.callback = callback
        if case .bool(let force) = object["force"] { self.force = force } else { self.force = false }
    }

    /// A JavaScript identifier of ASCII letters, digits, `_` and `$`, not starting with a digit, at most 64 long.
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, name.utf8.count <= 64, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
        }
    }
}
