import Essentials
import Foundation
import Persistence

/// Daily counts in SQLite: the embedded default, for one relay process (several share limits
/// through Redis). The process holds the file exclusively, so today's counts live in memory,
/// where a reservation is one locked increment. Changes are written behind through the relay's
/// ``BatchedWriter`` at most every ``defaultWriteInterval`` (absolute values, so a later write
/// repairs a failed one), on ``stop()``, and read back when the relay restarts: a relay that
/// crashes can forget the last seconds of counting, never a queued notification.
///
/// Every count that changed in an interval is one upsert, so the interval sets what counting
/// costs: with many tokens each sending now and then, a quarter of a second made nearly one
/// upsert per notification (as costly as queueing it); five seconds make a fifth of one for a
/// token that sends every second, at the price of five seconds a crash may forget.
///
/// A round of changes is written in key order, ``sliceSize`` counts per write: each write then
/// touches a few neighbouring pages of the table instead of one page per count (with tens of
/// thousands of tokens, unsorted rounds wrote as many log pages as the queue itself), and no
/// batch of queued notifications waits behind a whole round.
public final class SQLiteRateLimitStore: RateLimitStore, @unchecked Sendable {
    /// How long changed counts wait to be written together.
    public static let defaultWriteInterval = 5.0
    /// Counts kept in memory at most (beyond the ones waiting to be written).
    static let defaultRememberedLimit = 100_000
    /// Counts written in one write of a round.
    public static let sliceSize = 256

    private let pool: DatabasePool
    private let writer: BatchedWriter
    private let ownership: FileLock
    private let writeInterval: Double
    private let rememberedLimit: Int
    private let schedule = DailyResetSchedule()
    // Guarded by `lock`: the day the counts are for, today's counts of the tokens seen, whether
    // those are all of today's counts (then a token not among them has none, and costs no
    // query), the counts changed since the last round took them (each once, as it says it is
    // unwritten), the round being written (sorted by key) and its day, and whether a round is
    // scheduled or under way.
    private let lock = RequestLock()
    @exclusivity(unchecked) private var day: Double = -1
    @exclusivity(unchecked) private var counts: [TokenKey: CountEntry] = [:]
    @exclusivity(unchecked) private var everyCountInMemory = false
    @exclusivity(unchecked) private var pending: [CountEntry] = []
    @exclusivity(unchecked) private var round: ArraySlice<CountEntry> = []
    @exclusivity(unchecked) private var roundDay: Double = -1
    @exclusivity(unchecked) private var writeQueued = false
    /// Guarded by `lock` too: how many counts the map may hold before the written ones are
    /// forgotten: the limit, or twice the counts a sweep had to keep, until the next round is written.
    @exclusivity(unchecked) private var forgetAt: Int

    /// Adds the rate-limit tables to `migrator`.
    public static func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.register("rate_limits.v1") { database in
            try database.executeScript("""
            CREATE TABLE rate_limits (
                token TEXT NOT NULL,
                day REAL NOT NULL,
                reserved INTEGER NOT NULL DEFAULT 0,
                successful INTEGER NOT NULL DEFAULT 0,
                errors INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (token, day)
            );
            """)
        }
    }

    /// Uses `pool` (whose migrations must include ``registerMigrations(in:)``) and writes through
    /// `writer`; throws when another process already holds the file.
    public convenience init(pool: DatabasePool, writer: BatchedWriter) throws {
        try self.init(pool: pool, writer: writer, writeInterval: Self.defaultWriteInterval, rememberedLimit: Self.defaultRememberedLimit)
    }

    /// As above, writing every `writeInterval` seconds and keeping at most `rememberedLimit`
    /// written counts in memory.
    init(pool: DatabasePool, writer: BatchedWriter, writeInterval: Double, rememberedLimit: Int) throws {
        self.pool = pool
        self.writer = writer
        self.writeInterval = writeInterval
        self.rememberedLimit = max(2, rememberedLimit)
        forgetAt = self.rememberedLimit
        guard let ownership = try FileLock.acquire(path: pool.url.path) else {
            throw RelayConfigurationError(
                "\(pool.url.path) is in use by another relay process; several relays share one limit through Redis (PUSH_RELAY_REDIS_URL)"
            )
        }
        self.ownership = ownership
    }

    /// Reserves one of `token`'s notifications for today; nil when the day's `maximum` is reached.
    /// A reservation is not written: a stored count is read back with none under way, and the
    /// reservation's ``complete(_:success:maximum:at:)`` queues the count's write.
    public func reserve(_ token: String, maximum: Int, at date: Date) throws -> RateLimitStatus? {
        try withCount(of: token, at: date) { count -> (Bool, DailyCount?) in
            guard count.reserved < maximum else { return (false, nil) }
            count.reserved += 1
            return (false, count)
        }.map { status($0, maximum: maximum, at: date) }
    }

    /// Records a reserved notification's outcome and returns the day's counts.
    public func complete(_ token: String, success: Bool, maximum: Int, at date: Date) throws -> RateLimitStatus {
        let count = try withCount(of: token, at: date) { count in
            if success { count.successful += 1 } else { count.errors += 1 }
            return (true, count)
        }
        return status(count, maximum: maximum, at: date)
    }

    /// Creates no state: a token asked about is read, not remembered.
    public func status(of token: String, maximum: Int, at date: Date) throws -> RateLimitStatus {
        let today = schedule.windowStart(containing: date).timeIntervalSince1970
        let key = TokenKey(token)
        let (known, complete) = lock.withLock { today == day ? (counts[key]?.count, everyCountInMemory) : (nil, false) }
        return status(try known ?? (complete ? DailyCount() : stored(token, day: today)), maximum: maximum, at: date)
    }

    /// Runs `body` on today's count of `token` under the lock; when it says it changed the
    /// count, the count is queued to be written behind.
    private func withCount<Result>(of token: String, at date: Date, _ body: (inout DailyCount) -> (changed: Bool, result: Result)) throws -> Result {
        let today = schedule.windowStart(containing: date).timeIntervalSince1970
        let key = TokenKey(token)
        return try lock.withLock {
            if today != day { try startDay(today) }
            if counts.count >= forgetAt {
                // Forget the counts already written; they are read back when needed. The ones
                // waiting to be written stay: when they alone are more than the limit (many
                // tokens counted within one write interval), the next sweep waits until the map
                // has doubled, so that sweeping costs each count added a constant, not the map.
                counts = counts.filter { $0.value.unwritten }
                everyCountInMemory = false
                forgetAt = max(rememberedLimit, 2 * counts.count)
            }
            if let known = counts[key] { return changing(known, by: body) }
            let entry = CountEntry(key: key, count: everyCountInMemory ? DailyCount() : try stored(token, day: today))
            counts[key] = entry
            return changing(entry, by: body)
        }
    }

    /// Runs `body` on `entry`'s count, under the lock; a change lists the entry to be written,
    /// unless it already waits to be.
    private func changing<Result>(_ entry: CountEntry, by body: (inout DailyCount) -> (changed: Bool, result: Result)) -> Result {
        let (changed, result) = body(&entry.count)
        if changed && !entry.unwritten {
            entry.unwritten = true
            pending.append(entry)
            if !writeQueued {
                writeQueued = true
                scheduleRound()
            }
        }
        return result
    }

    /// Writes the changed counts now, directly (the relay's writer has stopped by then), and
    /// gives up the file for another process.
    public func stop() {
        let (today, unwritten) = lock.withLock { (day, (pending + round).map { ($0.key.text, $0.count) }) }
        do {
            try pool.write { database in try write(unwritten, day: today, in: database) }
        } catch {
            // Shutting down: what cannot be written now is said, and the counts start lower tomorrow.
            Logger.standardError(label: "push-relay", level: .warning).warning("today's last rate-limit counts were not saved: \(error)")
        }
        ownership.release()
    }

    /// Forgets the previous day's counts and removes its rows (once a day, so reservations
    /// never scan the table); takes the day's counts an earlier run stored, when they are few
    /// enough to keep, so that no token costs a query today.
    private func startDay(_ today: Double) throws {
        let stored = try storedCounts(day: today)
        day = today
        counts = stored ?? [:]
        everyCountInMemory = stored != nil
        forgetAt = rememberedLimit
        pending = []
        round = []
        writer.submit { database in try database.execute("DELETE FROM rate_limits WHERE day < ?", today) }
    }

    /// Every count stored for `day` (by an earlier run), or nil when there are more than half
    /// of what the store keeps in memory.
    private func storedCounts(day: Double) throws -> [TokenKey: CountEntry]? {
        let most = rememberedLimit / 2
        let rows = try pool.read { database in
            try database.rows("SELECT token, successful, errors FROM rate_limits WHERE day = ? LIMIT ?", day, most + 1)
        }
        guard rows.count <= most else { return nil }
        var stored: [TokenKey: CountEntry] = [:]
        for row in rows {
            guard let token = row.get("token", as: String.self) else { continue }
            let key = TokenKey(token)
            stored[key] = CountEntry(key: key, count: Self.count(successful: row.get("successful", as: Int.self) ?? 0, errors: row.get("errors", as: Int.self) ?? 0))
        }
        return stored
    }

    /// A count as stored: reservations that were under way when it was written are gone.
    private static func count(successful: Int, errors: Int) -> DailyCount {
        DailyCount(reserved: successful + errors, successful: successful, errors: errors)
    }

    /// The count stored by an earlier run; reservations that were under way then are gone.
    private func stored(_ token: String, day: Double) throws -> DailyCount {
        let row = try pool.read { database in
            try database.rows("SELECT successful, errors FROM rate_limits WHERE token = ? AND day = ?", token, day).first
        }
        return Self.count(successful: row?.get("successful", as: Int.self) ?? 0, errors: row?.get("errors", as: Int.self) ?? 0)
    }

    /// Starts a round of writes after the write interval: the listed counts, sorted off the lock.
    private func scheduleRound() {
        DispatchQueue.global().asyncAfter(deadline: .now() + writeInterval) { [self] in
            let (listed, listedDay) = lock.withLock { () -> ([CountEntry], Double) in
                defer { pending = [] }
                return (pending, day)
            }
            let sorted = listed.sorted { $0.key < $1.key }
            lock.withLock { (round, roundDay) = (ArraySlice(sorted), listedDay) }
            writeNextSlice()
        }
    }

    /// Writes the next slice of the round, then queues the slice after it; after a failed write
    /// the next round tries again.
    private func writeNextSlice() {
        let written = WrittenSlice()
        writer.submit({ [self] database in
            let (today, slice) = lock.withLock { (day, round.prefix(Self.sliceSize).map { (entry: $0, count: $0.count) }) }
            try write(slice.map { ($0.entry.key.text, $0.count) }, day: today, in: database)
            written.counts = slice
        }) { [self] error in
            let next = lock.withLock { () -> WriteStep in
                if roundDay == day, error == nil {
                    round = round.dropFirst(Self.sliceSize)
                    // A count that changed again meanwhile is listed to be written again.
                    for (entry, count) in written.counts {
                        if entry.count == count { entry.unwritten = false } else { pending.append(entry) }
                    }
                    if !round.isEmpty { return .slice }
                    // The round is written: the next count added may forget what it wrote.
                    forgetAt = rememberedLimit
                } else if roundDay == day {
                    // What the round did not write waits for the next one.
                    pending += round
                }
                round = []
                if pending.isEmpty {
                    writeQueued = false
                    return .done
                }
                return .round
            }
            switch next {
            case .slice: writeNextSlice()
            case .round: scheduleRound()
            case .done: break
            }
        }
    }

    /// Writes `slice` as today's absolute counts.
    private func write(_ slice: [(String, DailyCount)], day: Double, in database: DatabaseConnection) throws {
        for (token, count) in slice {
            try database.execute("""
            INSERT INTO rate_limits (token, day, reserved, successful, errors) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (token, day) DO UPDATE SET reserved = excluded.reserved, successful = excluded.successful, errors = excluded.errors
            """, token, day, count.reserved, count.successful, count.errors)
        }
    }

    private func status(_ count: DailyCount, maximum: Int, at date: Date) -> RateLimitStatus {
        RateLimitStatus(successful: count.successful, errors: count.errors, maximum: maximum, resetsAt: schedule.nextReset(after: date))
    }
}
