/// A message as the reader thread assembles it, before the interceptor sees it: a text
/// message's bytes, not yet checked to be UTF-8 nor made a String (the interceptor reads them
/// as they are; only what it leaves to the consumer becomes a ``WebSocketMessage``).
enum AssembledMessage {
    case text([UInt8])
    case binary([UInt8])

    /// The error for a text message that is not UTF-8 (1007).
    static let notUTF8 = WebSocketError.invalidData("a text message is not valid UTF-8")

    /// The message for the consumer; a text message that is not UTF-8 is an error.
    func message() throws(WebSocketError) -> WebSocketMessage {
        switch self {
        case .text(let bytes):
            guard let text = String(validating: bytes, as: UTF8.self) else { throw Self.notUTF8 }
            return .text(text)
        case .binary(let payload):
            return .binary(payload)
        }
    }
}
