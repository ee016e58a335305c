/// Why an HTTP exchange failed.
public struct HTTPClientError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The request cannot be sent as given (URL, header).
        case invalidRequest
        /// The server could not be reached or the TLS handshake failed.
        case connectionFailed
        /// No complete answer arrived within the time allowed.
        case timedOut
        /// The connection broke or closed before the answer was complete.
        case closed
        /// The answer is not HTTP/1.x as RFC 9112 describes it.
        case malformedResponse
        /// The answer's head or body exceeds its limit.
        case tooLarge
        /// The server answered with another status than the one the exchange needs.
        case unexpectedStatus
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
