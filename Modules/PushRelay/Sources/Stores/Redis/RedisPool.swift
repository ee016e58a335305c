import Essentials
import Foundation

/// Connections to one Redis for the server's threads: each command borrows one; a connection
/// that failed is dropped and the next borrow connects anew.
public final class RedisPool: RedisClient, @unchecked Sendable {
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

    /// Keys as they always were on one Redis.
    public var layout: RedisKeyLayout { .single }

    /// Runs `arguments` as one command (`key` does not matter: there is one Redis).
    @discardableResult
    public func command(_ arguments: [String], key: String?) throws -> RedisValue {
        try borrowing { try $0.command(arguments) }
    }

    /// Runs `commands` on one connection in one round trip.
    public func pipeline(_ commands: [[String]], key: String?) throws -> [RedisValue] {
        try borrowing { try $0.pipeline(commands) }
    }

    /// A single Redis's writes are as durable as that Redis: nothing to wait for.
    public func hasReplicas(forKey key: String) -> Bool { false }

    /// This pool.
    public func primaries() -> [RedisPool] { [self] }

    /// A ``RedisSubscriber`` on this Redis.
    public func listen(to channels: [String], logger: Logger, message: @escaping @Sendable (String) -> Void,
                       resubscribed: @escaping @Sendable () -> Void) -> any RedisListener {
        RedisSubscriber(pool: self, channels: channels, logger: logger, message: message, resubscribed: resubscribed)
    }

    /// A connection of its own, for a subscriber that waits for messages.
    func subscriberConnection() throws -> RedisConnection {
        try RedisConnection(address, waitsForMessages: true)
    }

    /// Runs `body` on an idle connection (a new one when none is), which goes back to the idle
    /// ones unless the connection itself failed.
    private func borrowing<T>(_ body: (RedisConnection) throws -> T) throws -> T {
        let connection = try lock.withLock { idle.popLast() } ?? RedisConnection(address)
        do {
            let value = try body(connection)
            lock.withLock { idle.append(connection) }
            return value
        } catch let error as RedisError where error.isReply {
            // An error reply: the connection itself is fine.
            lock.withLock { idle.append(connection) }
            throw error
        }
    }
}
