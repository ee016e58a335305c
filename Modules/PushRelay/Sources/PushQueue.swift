import Foundation
import Persistence

/// The durable queue of notifications for clients that are away: one row per notification and
/// one index by token. Leaner than the Persistence outbox, whose retries, coalescing and dead
/// letters a relay does not need, so that queueing is one insert touching one index.
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
    }

    /// Queues `payload` for `token`, after everything queued before.
    static func enqueue(_ payload: [UInt8], for token: String, at date: Date, in database: DatabaseConnection) throws {
        try database.execute("INSERT INTO push_queue (token, payload, enqueued_at) VALUES (?, ?, ?)",
            token, Data(payload), date.timeIntervalSince1970)
    }

    /// Removes and returns what waits for `token`, oldest first, leaving out what was queued
    /// before `oldest` (past its time to live).
    static func take(for token: String, queuedSince oldest: Date, in database: DatabaseConnection) throws -> [[UInt8]] {
        let rows = try database.rows("SELECT payload, enqueued_at FROM push_queue WHERE token = ? ORDER BY id", token)
        try database.execute("DELETE FROM push_queue WHERE token = ?", token)
        let cutoff = oldest.timeIntervalSince1970
        return rows.compactMap { row in
            guard (row.get("enqueued_at", as: Double.self) ?? 0) >= cutoff, let payload = row.get("payload", as: Data.self) else { return nil }
            return [UInt8](payload)
        }
    }

    /// Removes every notification queued before `oldest`. Rows are in time order, so this reads
    /// only the expired ones and the first that is not.
    static func purge(queuedBefore oldest: Date, in database: DatabaseConnection) throws {
        try database.execute("""
        DELETE FROM push_queue WHERE id < coalesce(
            (SELECT id FROM push_queue WHERE enqueued_at >= ? ORDER BY id LIMIT 1),
            (SELECT max(id) + 1 FROM push_queue))
        """, oldest.timeIntervalSince1970)
    }

    /// How many notifications wait.
    static func depth(in database: DatabaseConnection) throws -> Int {
        try database.scalar(Int.self, "SELECT count(*) FROM push_queue") ?? 0
    }
}
