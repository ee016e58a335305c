/// A WebSocket failure, with the close code RFC 6455 assigns to it where there is one.
public struct WebSocketError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure it is.
    public enum Kind: String, Sendable {
        /// The peer broke the protocol (close code 1002).
        case protocolError
        /// A text message was not valid UTF-8, or compressed data was invalid (1007).
        case invalidData
        /// A message was larger than the limit (1009).
        case messageTooBig
        /// The opening handshake failed: a non-101 answer, a wrong accept key, a bad extension.
        case handshakeFailed
        /// Connecting, TLS or certificate verification failed.
        case connectionFailed
        /// The connection closed: by a close frame (with its code) or abruptly.
        case closed
    }

    public let kind: Kind
    /// The close code sent or received, if any.
    public let closeCode: UInt16?
    /// What happened.
    public let message: String

    /// Creates an error.
    public init(_ kind: Kind, closeCode: UInt16? = nil, _ message: String) {
        self.kind = kind
        self.closeCode = closeCode
        self.message = message
    }

    static func protocolError(_ message: String) -> WebSocketError { WebSocketError(.protocolError, closeCode: 1002, message) }
    static func invalidData(_ message: String) -> WebSocketError { WebSocketError(.invalidData, closeCode: 1007, message) }
    static func tooBig(_ message: String) -> WebSocketError { WebSocketError(.messageTooBig, closeCode: 1009, message) }

    public var description: String {
        "WebSocket \(kind.rawValue)\(closeCode.map { " (\($0))" } ?? ""): \(message)"
    }
}
