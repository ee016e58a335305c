/// Why a Redis command failed: the connection, or an error reply.
public struct RedisError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What Redis or the connection said.
    public let message: String

    /// An error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { "Redis: \(message)" }
}
