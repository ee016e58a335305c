/// Why a Redis command failed: the connection, or an error reply.
public struct RedisError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What Redis or the connection said.
    public let message: String
    /// True for an error reply (the connection is fine), false when the connection failed.
    public let isReply: Bool

    /// An error saying `message`; `isReply` when Redis itself answered with it.
    public init(_ message: String, isReply: Bool = false) {
        self.message = message
        self.isReply = isReply
    }

    public var description: String { "Redis: \(message)" }
}
