import Essentials
import Dispatch
import Foundation

/// Registrations in Redis, shared by every relay process: two hashes (token key → secret key,
/// secret key → token key; ``RedisKeyLayout/registrationKeys``, in one hash slot in a cluster),
/// added together by one script that also holds the limit, and a third
/// (token key → when it was last used, in seconds, noted at most once an hour per token by each
/// process and written in batches) that expiry reads. Token keys found are remembered here for a
/// minute, so most sends cost no extra round trip and a device unregistered through another
/// process is refused here within a minute.
public final class RedisRegistrationStore: RegistrationStore, @unchecked Sendable {
    /// Adds KEYS[1][ARGV[1]] = ARGV[2], KEYS[2][ARGV[2]] = ARGV[1] and KEYS[3][ARGV[1]] = ARGV[4]
    /// (used now) unless KEYS[1] holds ARGV[3].
    private static let addScript = RedisScript("""
        if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
        redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
        redis.call('HSET', KEYS[2], ARGV[2], ARGV[1])
        redis.call('HSET', KEYS[3], ARGV[1], ARGV[4])
        return 1
        """)
    /// Removes the registration of token ARGV[1] if it was last used before ARGV[2] (checked here,
    /// so a use through another process meanwhile keeps it); one without a recorded use is given
    /// ARGV[3] (now) instead, a registration from before uses were recorded. 1 when removed.
    private static let expireScript = RedisScript("""
        local used = redis.call('HGET', KEYS[3], ARGV[1])
        if not used then
            if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then redis.call('HSET', KEYS[3], ARGV[1], ARGV[3]) end
            return 0
        end
        if tonumber(used) >= tonumber(ARGV[2]) then return 0 end
        local secret = redis.call('HGET', KEYS[1], ARGV[1])
        redis.call('HDEL', KEYS[1], ARGV[1])
        redis.call('HDEL', KEYS[3], ARGV[1])
        if secret then redis.call('HDEL', KEYS[2], secret) end
        return 1
        """)
    /// Removes KEYS[2][ARGV[1]] and the token it names from KEYS[1] and KEYS[3]; returns that token key.
    private static let removeScript = RedisScript("""
        local token = redis.call('HGET', KEYS[2], ARGV[1])
        if not token then return false end
        redis.call('HDEL', KEYS[2], ARGV[1])
        redis.call('HDEL', KEYS[1], token)
        redis.call('HDEL', KEYS[3], token)
        return token
        """)
    /// How many known token keys are remembered before starting over, and for how long.
    static let rememberedLimit = 100_000
    static let rememberedSeconds: UInt64 = 60

    private let pool: any RedisClient
    private let tokensKey: String, secretsKey: String, usedKey: String
    private let limit: Int
    // Guarded by `lock`.
    private var known: [String: UInt64] = [:]
    /// When this process last wrote each token's use (seconds), at most ``rememberedLimit`` of them.
    private var written: [String: Double] = [:]
    private var unwritten: [String: Int] = [:]
    private let writeQueue = DispatchQueue(label: "push-relay.registration-uses")
    private let writer: DispatchSourceTimer
    private let lock = NSLock()
    private let logger: Logger

    /// A store on `pool` holding at most `limit` registrations.
    public init(pool: any RedisClient, limit: Int, logger: Logger = Logger.standardError(label: "push-relay", level: .warning)) {
        self.pool = pool
        (tokensKey, secretsKey, usedKey) = pool.layout.registrationKeys
        self.limit = limit
        self.logger = logger
        writer = DispatchSource.makeTimerSource(queue: writeQueue)
        writer.schedule(deadline: .now() + Self.writeInterval, repeating: Self.writeInterval)
        writer.setEventHandler { [weak self] in
            guard let self else { return }
            writeUses(takeUnwritten())
        }
        writer.resume()
    }

    deinit { writer.cancel() }

    /// Adds a registration; `completion` gets a 503 when the limit is reached.
    public func add(tokenKey: String, secretKey: String, at date: Date, completion: @escaping @Sendable (Result<Void, any Error>) -> Void) {
        completion(Result {
            let added = try pool.evaluate(Self.addScript, keys: [tokensKey, secretsKey, usedKey],
                                          arguments: [tokenKey, secretKey, String(limit), String(Int(date.timeIntervalSince1970))])
            guard added.integer == 1 else { throw RelayRequestError(503, "the relay holds as many registrations as it allows (\(limit))") }
        })
    }

    /// Other processes may take the token for up to a minute (what they remember); nothing can
    /// stream what they queue meanwhile, and the queue caps bound it.
    public func remove(secretKey: String, completion: @escaping @Sendable (Result<String?, any Error>) -> Void) {
        completion(Result {
            let token = try pool.evaluate(Self.removeScript, keys: [tokensKey, secretsKey, usedKey], arguments: [secretKey]).string
            if let token { lock.withLock { _ = known.removeValue(forKey: token) } }
            return token
        })
    }

    /// Whether `tokenKey` is registered (remembered for a minute).
    public func isRegistered(tokenKey: String) throws -> Bool {
        let now = DispatchTime.now().uptimeNanoseconds
        // Another thread may have remembered the token after `now` was read: later than now is fresh too.
        if let seen = lock.withLock({ known[tokenKey] }), seen >= now || now - seen < Self.rememberedSeconds * 1_000_000_000 { return true }
        guard try pool.command(["HEXISTS", tokensKey, tokenKey], key: tokensKey).integer == 1 else {
            lock.withLock { _ = known.removeValue(forKey: tokenKey) }
            return false
        }
        lock.withLock {
            if known.count >= Self.rememberedLimit { known = [:] }
            known[tokenKey] = now
        }
        return true
    }

    /// The token key the stream secret `secretKey` belongs to, if any.
    public func tokenKey(forSecret secretKey: String) throws -> String? {
        try pool.command(["HGET", secretsKey, secretKey], key: secretsKey).string
    }

    /// Noted here and written off the request's thread, many at once (one HSET per
    /// ``usesPerWrite`` uses, and what is noted every ``writeInterval`` seconds), so a send costs no
    /// round trip for it. Another relay's expiry can miss a use for at most that interval.
    public func markUsed(tokenKey: String, at date: Date) {
        let now = date.timeIntervalSince1970
        let batchIsFull = lock.withLock { () -> Bool in
            guard now - (written[tokenKey] ?? 0) >= SQLiteRegistrationStore.usePrecision else { return false }
            if written.count >= Self.rememberedLimit { written = [:] }
            written[tokenKey] = now
            unwritten[tokenKey] = Int(now)
            return unwritten.count >= Self.usesPerWrite
        }
        if batchIsFull { writeQueue.async { [self] in writeUses(takeUnwritten()) } }
    }

    /// Uses noted and not yet written, written together.
    static let usesPerWrite = 256
    static let writeInterval = 10.0

    /// Writes the uses noted so far, now.
    public func writeNotedUses() {
        let pending = takeUnwritten()
        writeQueue.sync { writeUses(pending) }
    }

    /// The uses noted and not yet written, which are no longer noted.
    private func takeUnwritten() -> [String: Int] {
        lock.withLock {
            defer { unwritten = [:] }
            return unwritten
        }
    }

    private func writeUses(_ uses: [String: Int]) {
        guard !uses.isEmpty else { return }
        do {
            _ = try pool.command(["HSET", usedKey] + uses.flatMap { [$0.key, String($0.value)] }, key: usedKey)
        } catch {
            logger.error("\(uses.count) registrations' last uses were not written to Redis: \(error)")
        }
    }

    /// Walks the registrations in pages of 1,000 (HSCAN, then HMGET of their last uses) and
    /// removes each unused since `cutoff` by a script that checks again, so several relay
    /// processes may expire at once.
    public func expire(unusedSince cutoff: Date) throws -> [String] {
        writeNotedUses()
        let oldest = Int(cutoff.timeIntervalSince1970)
        let limit = String(oldest), now = String(Int(Current.now().timeIntervalSince1970))
        var expired: [String] = [], cursor = "0"
        repeat {
            let page = try pool.command(["HSCAN", tokensKey, cursor, "COUNT", "1000"], key: tokensKey).array
            guard page.count == 2, let next = page[0].string else { throw RedisError("HSCAN answered something else than a page") }
            cursor = next
            let fields = page[1].array
            let tokens = stride(from: 0, to: fields.count, by: 2).compactMap { fields[$0].string }
            guard !tokens.isEmpty else { continue }
            // One round trip for the page's last uses; the script runs only for the stale or unknown.
            let used = try pool.command(["HMGET", usedKey] + tokens, key: usedKey).array
            for (token, last) in zip(tokens, used) where last.string.flatMap({ Int($0) }).map({ $0 < oldest }) ?? true {
                let removed = try pool.evaluate(Self.expireScript, keys: [tokensKey, secretsKey, usedKey], arguments: [token, limit, now])
                if removed.integer == 1 { expired.append(token) }
            }
        } while cursor != "0"
        lock.withLock { for token in expired { known[token] = nil } }
        return expired
    }
}
