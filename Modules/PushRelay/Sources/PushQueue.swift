import Foundation
import Persistence

/// The durable queue of notifications for clients: one row per notification, one index by
/// token (its digest), kept until the client acknowledges it or its time to live ends. Leaner
/// than the Persistence outbox, whose retries, coalescing and dead letters a relay does not
/// need, so that queueing is one insert touching one index.
enum PushQueue {
    static func registerMigrations(in migrator: inout DatabaseMigrator) {
        // Earlier relays queued in the general outbox (queue `push:TOKEN`); their rows move over.
        migrator.register("push_queue.v1") { database in
            try database.executeScript("""
            CREATE TABLE push_queue (
                id INTEGER PRIMARY KEY,
                token TEXT NOT NULL,
                payload BLOB NOT NULL,
                enqueued_at REAL NOT NULL
            );
            CREATE INDEX push_queue_token ON push_queue (token, id);
            INSERT INTO push_queue (token, payload, enqueued_at)
                SELECT substr(queue, 6), payload, next_attempt_at FROM outbox WHERE queue LIKE 'push:%' AND dead = 0 ORDER BY id;
            DELETE FROM outbox WHERE queue LIKE 'push:%';
            """)
        }
        // Queues are now keyed by the digest of a token the relay issued; nobody can stream
        // what was queued for a chosen token before, so it goes. Ids are now the cursor a
        // client resumes after, so they are never reused (AUTOINCREMENT), even once the queue
        // was emptied.
        migrator.register("push_queue.v2") { database in
            try database.executeScript("""
            DROP TABLE push_queue;
            CREATE TABLE push_queue (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                token TEXT NOT NULL,
                payload BLOB NOT NULL,
                enqueued_at REAL NOT NULL
            );
            CREATE INDEX push_queue_token ON push_queue (token, id);
            """)
        }
    }

    /// Queues `payload` for `key` after everything queued before; its id.
    static func enqueue(_ payload: [UInt8], for key: String, at date: Date, in database: DatabaseConnection) throws -> Int64 {
        try database.execute("INSERT INTO push_queue (token, payload, enqueued_at) VALUES (?, ?, ?)",
            key, Data(payload), date.timeIntervalSince1970)
        return database.lastInsertedRowID
    }

    /// Up to `limit` notifications for `key` after `id`, oldest first, leaving out what was
    /// queued before `oldest` (past its time to live).
    static func waiting(for key: String, after id: Int64, limit: Int, queuedSince oldest: Date, in database: DatabaseConnection) throws
        -> [QueuedNotification] {
        let rows = try database.rows(
            "SELECT id, payload FROM push_queue WHERE token = ? AND id > ? AND enqueued_at >= ? ORDER BY id LIMIT ?",
            key, id, oldest.timeIntervalSince1970, limit
        )
        return rows.compactMap { row in
            guard let id = row.get("id", as: Int64.self), let payload = row.get("payload", as: Data.self) else { return nil }
            return QueuedNotification(id: String(id), payload: String(decoding: payload, as: UTF8.self))
        }
    }

    /// Removes what `key`'s client acknowledged: everything up to `id`. The count and bytes removed.
    static func acknowledge(_ key: String, through id: Int64, in database: DatabaseConnection) throws -> (count: Int, bytes: Int) {
        let removed = try sizes("WHERE token = ? AND id <= ?", key, id, in: database)
        try database.execute("DELETE FROM push_queue WHERE token = ? AND id <= ?", key, id)
        return removed
    }

    /// Removes `key`'s `count` oldest notifications; the count and bytes removed.
    static func dropOldest(_ count: Int, of key: String, in database: DatabaseConnection) throws -> (count: Int, bytes: Int) {
        guard let last = try database.scalar(Int64.self, "SELECT id FROM push_queue WHERE token = ? ORDER BY id LIMIT 1 OFFSET ?", key, max(0, count - 1))
            ?? database.scalar(Int64.self, "SELECT max(id) FROM push_queue WHERE token = ?", key) else { return (0, 0) }
        let removed = try sizes("WHERE token = ? AND id <= ?", key, last, in: database)
        try database.execute("DELETE FROM push_queue WHERE token = ? AND id <= ?", key, last)
        return removed
    }

    /// Removes the `count` oldest notifications of every token; the count and bytes removed.
    static func dropOldest(_ count: Int, in database: DatabaseConnection) throws -> (count: Int, bytes: Int) {
        guard let last = try database.scalar(Int64.self, "SELECT id FROM push_queue ORDER BY id LIMIT 1 OFFSET ?", max(0, count - 1)) else {
            return try dropEverything(in: database)
        }
        let removed = try sizes("WHERE id <= ?", last, in: database)
        try database.execute("DELETE FROM push_queue WHERE id <= ?", last)
        return removed
    }

    /// Removes every notification queued before `oldest`; the count and bytes removed. Rows are
    /// in time order, so this reads only the expired ones and the first that is not.
    static func purge(queuedBefore oldest: Date, in database: DatabaseConnection) throws -> (count: Int, bytes: Int) {
        let bound = """
            (SELECT coalesce((SELECT id FROM push_queue WHERE enqueued_at >= ? ORDER BY id LIMIT 1), (SELECT max(id) + 1 FROM push_queue)))
            """
        let removed = try sizes("WHERE id < \(bound)", oldest.timeIntervalSince1970, in: database)
        try database.execute("DELETE FROM push_queue WHERE id < \(bound)", oldest.timeIntervalSince1970)
        return removed
    }

    /// How many notifications wait for `key`.
    static func count(for key: String, in database: DatabaseConnection) throws -> Int {
        try database.scalar(Int.self, "SELECT count(*) FROM push_queue WHERE token = ?", key) ?? 0
    }

    /// How many notifications wait, and their payload bytes.
    static func totals(in database: DatabaseConnection) throws -> (count: Int, bytes: Int) {
        try sizes("", in: database)
    }

    private static func dropEverything(in database: DatabaseConnection) throws -> (count: Int, bytes: Int) {
        let removed = try sizes("", in: database)
        try database.execute("DELETE FROM push_queue")
        return removed
    }

    private static func sizes(_ filter: String, _ arguments: any DatabaseValueConvertible..., in database: DatabaseConnection) throws
        -> (count: Int, bytes: Int) {
        let row = try database.rows("SELECT count(*) AS count, coalesce(sum(length(payload)), 0) AS bytes FROM push_queue \(filter)",
            arguments: arguments).first
        return (row?.get("count", as: Int.self) ?? 0, row?.get("bytes", as: Int.self) ?? 0)
    }
}
