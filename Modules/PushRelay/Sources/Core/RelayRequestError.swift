/// A request the relay refuses, with the status and the message its JSON body carries.
public struct RelayRequestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The HTTP status the request is answered with.
    public let status: Int
    /// What the client is told, as `{"message": …}`.
    public let message: String

    /// An error answered with `status` and `message`.
    public init(_ status: Int, _ message: String) {
        self.status = status
        self.message = message
    }

    public var description: String { "\(status): \(message)" }
}
