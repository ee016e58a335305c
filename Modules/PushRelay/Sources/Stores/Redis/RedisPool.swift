import Foundation

/// Connections to one Redis for the server's threads: each command borrows one; a connection
/// that failed is dropped and the next borrow connects anew.
public final class RedisPool: @unchecked Sendable {
    /// The Redis this pool connects to.
    public let address: RedisAddress
    // Guarded by `lock`.
    private var idle: [RedisConnection] = []
    private let lock = NSLock()

    /// Connects once to check that Redis answers.
    public init(_ address: RedisAddress) throws {
        self.address = address
        let first = try RedisConnection(address)
        _ = try first.command(["PING"])
        idle = [first]
    }

    /// Runs `arguments` as one command.
    @discardableResult
    public func command(_ arguments: [String]) throws -> RedisValue {
        let connection = try lock.withLock { idle.popLast() } ?? RedisConnection(address)
        do {
            let value = try connection.command(arguments)
            lock.withLock { idle.append(connection) }
            return value
        } catch let error as RedisError where error.message.hasPrefix("ERR") || error.message.hasPrefix("WRONGTYPE") || error.message.hasPrefix("NOSCRIPT") {
            // An error reply: the connection itself is fine.
            lock.withLock { idle.append(connection) }
            throw error
        }
    }

    /// A connection of its own, for a subscriber that waits for messages.
    func subscriberConnection() throws -> RedisConnection {
        try RedisConnection(address, waitsForMessages: true)
    }
}
