/// A failure of the connection under any protocol (TCP or TLS): the HTTP client, the event
/// stream and the WebSocket client each report it in their own terms.
public struct SocketError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure it is.
    public enum Kind: String, Sendable {
        /// Resolving, connecting, TLS or certificate verification failed.
        case connectionFailed
        /// Reading or writing failed on an open connection, or the peer went away.
        case closed
    }

    public let kind: Kind
    /// What happened.
    public let message: String

    /// Creates an error.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
