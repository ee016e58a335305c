import Dispatch
import Foundation

/// Registrations in Redis, shared by every relay process: two hashes (token key → secret key,
/// secret key → token key), added together by one script that also holds the limit. Token keys
/// found are remembered here for a minute, so most sends cost no extra round trip and a device
/// unregistered through another process is refused here within a minute.
public final class RedisRegistrationStore: RegistrationStore, @unchecked Sendable {
    static let tokensKey = "push-relay:registrations:tokens"
    static let secretsKey = "push-relay:registrations:secrets"
    /// Adds KEYS[1][ARGV[1]] = ARGV[2] and KEYS[2][ARGV[2]] = ARGV[1] unless KEYS[1] holds ARGV[3].
    private static let addScript = """
        if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
        redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
        redis.call('HSET', KEYS[2], ARGV[2], ARGV[1])
        return 1
        """
    /// Removes KEYS[2][ARGV[1]] and the token it names from KEYS[1]; returns that token key.
    private static let removeScript = """
        local token = redis.call('HGET', KEYS[2], ARGV[1])
        if not token then return false end
        redis.call('HDEL', KEYS[2], ARGV[1])
        redis.call('HDEL', KEYS[1], token)
        return token
        """
    /// How many known token keys are remembered before starting over, and for how long.
    static let rememberedLimit = 100_000
    static let rememberedSeconds: UInt64 = 60

    private let pool: RedisPool
    private let limit: Int
    // Guarded by `lock`.
    private var known: [String: UInt64] = [:]
    private let lock = NSLock()

    public init(pool: RedisPool, limit: Int) {
        self.pool = pool
        self.limit = limit
    }

    public func add(tokenKey: String, secretKey: String, completion: @escaping @Sendable (Result<Void, any Error>) -> Void) {
        completion(Result {
            let added = try pool.command(["EVAL", Self.addScript, "2", Self.tokensKey, Self.secretsKey, tokenKey, secretKey, String(limit)])
            guard added.integer == 1 else { throw RelayRequestError(503, "the relay holds as many registrations as it allows (\(limit))") }
        })
    }

    /// Other processes may take the token for up to a minute (what they remember); nothing can
    /// stream what they queue meanwhile, and the queue caps bound it.
    public func remove(secretKey: String, completion: @escaping @Sendable (Result<String?, any Error>) -> Void) {
        completion(Result {
            let token = try pool.command(["EVAL", Self.removeScript, "2", Self.tokensKey, Self.secretsKey, secretKey]).string
            if let token { lock.withLock { _ = known.removeValue(forKey: token) } }
            return token
        })
    }

    public func isRegistered(tokenKey: String) throws -> Bool {
        let now = DispatchTime.now().uptimeNanoseconds
        if let seen = lock.withLock({ known[tokenKey] }), now - seen < Self.rememberedSeconds * 1_000_000_000 { return true }
        guard try pool.command(["HEXISTS", Self.tokensKey, tokenKey]).integer == 1 else {
            lock.withLock { _ = known.removeValue(forKey: tokenKey) }
            return false
        }
        lock.withLock {
            if known.count >= Self.rememberedLimit { known = [:] }
            known[tokenKey] = now
        }
        return true
    }

    public func tokenKey(forSecret secretKey: String) throws -> String? {
        try pool.command(["HGET", Self.secretsKey, secretKey]).string
    }
}
