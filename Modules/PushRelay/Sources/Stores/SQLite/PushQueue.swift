import Foundation
import Persistence

/// Where relays before the queue log (``QueueLogFile``) queued notifications: one row per
/// notification in the relay's database. A relay moves the rows it finds to its log when it
/// starts (``LocalDelivery``) and empties the table, recording the highest id it held, so that ids
/// (the cursor a client resumes after) go on above every id an earlier relay gave.
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
        // The index by token lives in memory (QueueIndex); in the database it made every insert
        // write a random page.
        migrator.register("push_queue.v3") { database in
            try database.executeScript("DROP INDEX IF EXISTS push_queue_token")
        }
        // Ids given by the relay instead of AUTOINCREMENT, whose bookkeeping row was rewritten
        // with every notification (2-3 % of the relay's CPU per send, paired); the highest id
        // given so far moves to a one-row table that deletes keep up to date.
        migrator.register("push_queue.v4") { database in
            try database.executeScript("""
            CREATE TABLE push_queue_relay_ids (
                id INTEGER PRIMARY KEY,
                token TEXT NOT NULL,
                payload BLOB NOT NULL,
                enqueued_at REAL NOT NULL
            );
            INSERT INTO push_queue_relay_ids SELECT id, token, payload, enqueued_at FROM push_queue ORDER BY id;
            CREATE TABLE push_queue_removed (id INTEGER NOT NULL);
            INSERT INTO push_queue_removed VALUES ((SELECT coalesce(max(seq), 0) FROM sqlite_sequence WHERE name = 'push_queue'));
            DROP TABLE push_queue;
            ALTER TABLE push_queue_relay_ids RENAME TO push_queue;
            """)
        }
    }

    /// The first id to give: above every id queued or ever removed.
    static func nextID(in database: DatabaseConnection) throws -> Int64 {
        let queued = try database.scalar(Int64.self, "SELECT max(id) FROM push_queue") ?? 0
        let removed = try database.scalar(Int64.self, "SELECT max(id) FROM push_queue_removed") ?? 0
        return max(queued, removed) + 1
    }

    /// Up to `limit` queued rows with an id above `id`, in id order, leaving out any that no relay
    /// wrote (a key that is empty or over the log's limit, a payload over the relay's).
    static func rows(after id: Int64, limit: Int, in database: DatabaseConnection) throws
        -> [(id: Int64, key: String, payload: [UInt8], time: Double)] {
        try database.rows("SELECT id, token, payload, enqueued_at FROM push_queue WHERE id > ? ORDER BY id LIMIT ?", id, limit).compactMap { row in
            guard let id = row.get("id", as: Int64.self), let key = row.get("token", as: String.self),
                  !key.isEmpty, key.utf8.count <= QueueLogRecord.maximumKeySize,
                  let payload = row.get("payload", as: Data.self), payload.count <= QueueLimits.maximumPayloadSize,
                  let time = row.get("enqueued_at", as: Double.self) else { return nil }
            return (id, key, [UInt8](payload), time)
        }
    }

    /// Whether no row is queued.
    static func isEmpty(_ database: DatabaseConnection) throws -> Bool {
        try database.scalar(Int64.self, "SELECT count(*) FROM (SELECT 1 FROM push_queue LIMIT 1)") == 0
    }

    /// Removes every row, keeping `id` (or a higher one queued) as the highest ever removed.
    static func removeAll(through id: Int64, in database: DatabaseConnection) throws {
        let queued = try database.scalar(Int64.self, "SELECT max(id) FROM push_queue") ?? 0
        try database.execute("DELETE FROM push_queue")
        try database.execute("UPDATE push_queue_removed SET id = max(id, ?)", max(id, queued))
    }
}
