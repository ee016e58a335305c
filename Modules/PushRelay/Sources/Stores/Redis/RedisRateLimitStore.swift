import Foundation

/// Daily counts in Redis, shared by every relay process using it: one hash per token and day
/// (`reserved`, `successful`, `errors`) that expires at the reset. Reserving is one Lua script,
/// so the limit holds exactly however many processes take from it at once. Each script touches
/// one key, so a cluster runs it where that key lives.
public final class RedisRateLimitStore: RateLimitStore {
    private let pool: any RedisClient
    private let schedule = DailyResetSchedule()

    /// Takes one if `reserved` stays within the maximum; returns {taken, successful, errors}.
    private static let reserveScript = RedisScript("""
        local reserved = redis.call('HINCRBY', KEYS[1], 'reserved', 1)
        if reserved > tonumber(ARGV[1]) then redis.call('HINCRBY', KEYS[1], 'reserved', -1) end
        redis.call('EXPIREAT', KEYS[1], ARGV[2])
        local counts = redis.call('HMGET', KEYS[1], 'successful', 'errors')
        return {reserved <= tonumber(ARGV[1]) and 1 or 0, tonumber(counts[1] or 0), tonumber(counts[2] or 0)}
        """)

    /// Counts one delivery as `ARGV[1]` (successful or errors); returns {successful, errors}.
    private static let completeScript = RedisScript("""
        redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
        local counts = redis.call('HMGET', KEYS[1], 'successful', 'errors')
        return {tonumber(counts[1] or 0), tonumber(counts[2] or 0)}
        """)

    /// A store on `pool`; counts live in Redis, shared by every relay process.
    public init(pool: any RedisClient) {
        self.pool = pool
    }

    /// Reserves one of `token`'s notifications for today; nil when the day's `maximum` is reached.
    public func reserve(_ token: String, maximum: Int, at date: Date) throws -> RateLimitStatus? {
        let reset = schedule.nextReset(after: date)
        let counter = key(token, date)
        let reply = try pool.evaluate(Self.reserveScript, keys: [counter], arguments: [String(maximum), String(Int(reset.timeIntervalSince1970))]).array
        guard reply.count == 3, reply[0].integer == 1 else { return nil }
        return status(reply[1], reply[2], maximum: maximum, reset: reset)
    }

    /// Records a reserved notification's outcome and returns the day's counts.
    public func complete(_ token: String, success: Bool, maximum: Int, at date: Date) throws -> RateLimitStatus {
        let counter = key(token, date)
        let counts = try pool.evaluate(Self.completeScript, keys: [counter], arguments: [success ? "successful" : "errors"]).array
        return status(counts.first ?? .null, counts.last ?? .null, maximum: maximum, reset: schedule.nextReset(after: date))
    }

    /// Nothing to write: every count is in Redis already.
    public func stop() {}

    /// The day's counts for `token`.
    public func status(of token: String, maximum: Int, at date: Date) throws -> RateLimitStatus {
        let counter = key(token, date)
        let counts = try pool.command(["HMGET", counter, "successful", "errors"], key: counter).array
        return status(counts.first ?? .null, counts.last ?? .null, maximum: maximum, reset: schedule.nextReset(after: date))
    }

    private func status(_ successful: RedisValue, _ errors: RedisValue, maximum: Int, reset: Date) -> RateLimitStatus {
        RateLimitStatus(successful: Int(successful.integer ?? 0), errors: Int(errors.integer ?? 0), maximum: maximum, resetsAt: reset)
    }

    private func key(_ token: String, _ date: Date) -> String {
        "push-relay:limits:\(Int(schedule.windowStart(containing: date).timeIntervalSince1970)):\(token)"
    }
}
