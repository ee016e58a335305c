import Foundation
import Persistence

/// Daily counts in SQLite: the embedded default. A reservation and its completion are each
/// one transaction, so processes sharing the file share the limit too.
public final class SQLiteRateLimitStore: RateLimitStore, @unchecked Sendable {
    private let pool: DatabasePool
    private let schedule = DailyResetSchedule()
    /// The day whose older rows were last removed; guarded by `lock`. Removing them once a day
    /// keeps a reservation from scanning the table.
    private var purgedDay: Double = 0
    private let lock = NSLock()

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

    /// Uses `pool`, whose migrations must include ``registerMigrations(in:)``.
    public init(pool: DatabasePool) {
        self.pool = pool
    }

    public func reserve(_ token: String, maximum: Int, at date: Date) throws -> RateLimitStatus? {
        let day = schedule.windowStart(containing: date).timeIntervalSince1970
        let purge = lock.withLock { () -> Bool in
            defer { purgedDay = day }
            return purgedDay != day
        }
        return try pool.write { database in
            if purge { try database.execute("DELETE FROM rate_limits WHERE day < ?", day) }
            try database.execute("INSERT OR IGNORE INTO rate_limits (token, day) VALUES (?, ?)", token, day)
            try database.execute("UPDATE rate_limits SET reserved = reserved + 1 WHERE token = ? AND day = ? AND reserved < ?", token, day, maximum)
            guard database.changes > 0 else { return nil }
            return try read(database, token, day: day, maximum: maximum, date: date)
        }
    }

    public func complete(_ token: String, success: Bool, maximum: Int, at date: Date) throws -> RateLimitStatus {
        let day = schedule.windowStart(containing: date).timeIntervalSince1970
        return try pool.write { database in
            try database.execute("UPDATE rate_limits SET \(success ? "successful" : "errors") = \(success ? "successful" : "errors") + 1 WHERE token = ? AND day = ?", token, day)
            return try read(database, token, day: day, maximum: maximum, date: date)
        }
    }

    public func status(of token: String, maximum: Int, at date: Date) throws -> RateLimitStatus {
        let day = schedule.windowStart(containing: date).timeIntervalSince1970
        return try pool.read { database in try read(database, token, day: day, maximum: maximum, date: date) }
    }

    private func read(_ database: DatabaseConnection, _ token: String, day: Double, maximum: Int, date: Date) throws -> RateLimitStatus {
        let row = try database.rows("SELECT successful, errors FROM rate_limits WHERE token = ? AND day = ?", token, day).first
        return RateLimitStatus(
            successful: row?.get("successful", as: Int.self) ?? 0, errors: row?.get("errors", as: Int.self) ?? 0,
            maximum: maximum, resetsAt: schedule.nextReset(after: date)
        )
    }
}
