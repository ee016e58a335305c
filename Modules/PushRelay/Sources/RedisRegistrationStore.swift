import Foundation

/// Registrations in Redis, shared by every relay process: two hashes (token key → secret key,
/// secret key → token key), added together by one script that also holds the limit. Token keys
/// found once are remembered here, so most sends cost no extra round trip.
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
    /// How many known token keys are remembered before starting over.
    static let rememberedLimit = 100_000

    private let pool: RedisPool
    private let limit: Int
    // Guarded by `lock`.
    private var known: Set<String> = []
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

    public func isRegistered(tokenKey: String) throws -> Bool {
        if lock.withLock({ known.contains(tokenKey) }) { return true }
        guard try pool.command(["HEXISTS", Self.tokensKey, tokenKey]).integer == 1 else { return false }
        lock.withLock {
            if known.count >= Self.rememberedLimit { known = [] }
            known.insert(tokenKey)
        }
        return true
    }

    public func tokenKey(forSecret secretKey: String) throws -> String? {
        try pool.command(["HGET", Self.secretsKey, secretKey]).string
    }
}
