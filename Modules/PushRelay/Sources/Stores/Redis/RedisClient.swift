import Essentials

/// What the relay's Redis stores talk to: one Redis (``RedisPool``) or a cluster
/// (``RedisClusterPool``), each with the key layout that suits it.
public protocol RedisClient: AnyObject, Sendable {
    /// How the stores name their keys and channels here.
    var layout: RedisKeyLayout { get }

    /// Runs one command; `key` (one of its keys) says which node runs it in a cluster.
    @discardableResult
    func command(_ arguments: [String], key: String?) throws -> RedisValue

    /// Runs `commands` on one connection in one round trip (a write and the `WAIT` for its
    /// replica); `key` as for ``command(_:key:)``.
    func pipeline(_ commands: [[String]], key: String?) throws -> [RedisValue]

    /// Whether a write to `key`'s node should wait for a replica before it counts as durable.
    func hasReplicas(forKey key: String) -> Bool

    /// One pool per primary (every key lives on one of them): for scans.
    func primaries() throws -> [RedisPool]

    /// Listens on `channels` (those of ``RedisKeyLayout/channels``) on a thread of its own until
    /// stopped, calling `message` with each message's text and `resubscribed` after every
    /// subscription made anew (messages may have been missed).
    func listen(to channels: [String], logger: Logger, message: @escaping @Sendable (String) -> Void,
                resubscribed: @escaping @Sendable () -> Void) -> any RedisListener
}

extension RedisClient {
    /// Runs one command that names no key, or whose node does not matter.
    @discardableResult
    public func command(_ arguments: [String]) throws -> RedisValue {
        try command(arguments, key: nil)
    }
}

extension RedisClient {
    /// Runs `script` on the node of its first key, by hash (by text where Redis does not know it yet).
    @discardableResult
    func evaluate(_ script: RedisScript, keys: [String], arguments: [String]) throws -> RedisValue {
        try byHashThenText(script, keys: keys, arguments: arguments) { try command($0, key: keys.first) }
    }

    /// Runs `script` then `following` on one connection to the node of the script's first key,
    /// in one round trip (by text where Redis does not know the script yet); every reply.
    func evaluate(_ script: RedisScript, keys: [String], arguments: [String], then following: [String]) throws -> [RedisValue] {
        try byHashThenText(script, keys: keys, arguments: arguments) { try pipeline([$0, following], key: keys.first) }
    }

    /// `run` with the script's `EVALSHA`, and again with its `EVAL` when Redis answers `NOSCRIPT`.
    private func byHashThenText<T>(_ script: RedisScript, keys: [String], arguments: [String], _ run: ([String]) throws -> T) throws -> T {
        do {
            return try run(script.byHash(keys: keys, arguments: arguments))
        } catch let error as RedisError where error.message.hasPrefix("NOSCRIPT") {
            return try run(script.byText(keys: keys, arguments: arguments))
        }
    }
}
