/// Why a Redis command failed: the connection, or an error reply.
public struct RedisError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { "Redis: \(message)" }
}
