import Foundation
import Persistence

/// The durable queue of notifications for clients: one row per notification, kept until the
/// client acknowledges it or its time to live ends, in id order (which is time order). Leaner
/// than the Persistence outbox, whose retries, coalescing and dead letters a relay does not
/// need: queueing appends a row and touches no index. Rows are found by id through the
/// relay's in-memory ``QueueIndex``; every read and delete by id also checks the row's key.
///
/// Ids are the cursor a client resumes after, so they are never given twice: the relay gives
/// them (``nextID(in:)`` once at start, then counting up), and every delete records the highest
/// id it removed, so that a queue emptied and a relay restarted still go on above it.
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

    /// Queues `payload` for `key` as `id`, which must be above every id given before.
    static func enqueue(_ payload: [UInt8], id: Int64, for key: String, at date: Date, in database: DatabaseConnection) throws {
        try database.execute("INSERT INTO push_queue (id, token, payload, enqueued_at) VALUES (?, ?, ?, ?)",
            id, key, Data(payload), date.timeIntervalSince1970)
    }

    /// Every queued row as the index needs it (key, id, payload size), in id order.
    static func entries(in database: DatabaseConnection) throws -> [(key: String, entry: QueueEntry)] {
        try database.rows("SELECT id, token, length(payload) AS bytes FROM push_queue ORDER BY id").compactMap { row in
            guard let id = row.get("id", as: Int64.self), let key = row.get("token", as: String.self) else { return nil }
            return (key, QueueEntry(id: id, bytes: row.get("bytes", as: Int.self) ?? 0))
        }
    }

    /// The notifications of `key` among `ids`, oldest first, leaving out what was queued before
    /// `oldest` (past its time to live).
    static func notifications(_ ids: [Int64], of key: String, queuedSince oldest: Date, in database: DatabaseConnection) throws
        -> [QueuedNotification] {
        guard !ids.isEmpty else { return [] }
        let rows = try database.rows(
            "SELECT id, payload FROM push_queue WHERE id IN (SELECT value FROM json_each(?)) AND token = ? AND enqueued_at >= ? ORDER BY id",
            idList(ids), key, oldest.timeIntervalSince1970
        )
        return rows.compactMap { row in
            guard let id = row.get("id", as: Int64.self), let payload = row.get("payload", as: Data.self) else { return nil }
            return QueuedNotification(id: String(id), payload: String(decoding: payload, as: UTF8.self))
        }
    }

    /// Removes the rows `ids` of `key`. With `newer`, a row the same write queued with a higher
    /// id than every one removed (a queue over its cap dropping its oldest for it), the highest
    /// id removed is not recorded: that row commits with the removal or neither does, and keeps
    /// the next start's ids above (its own removal records it, unless again a newer one stays).
    static func delete(_ ids: [Int64], of key: String, in database: DatabaseConnection, keptNewer newer: Int64? = nil) throws {
        guard let highest = ids.max() else { return }
        if ids.count == 1 {
            // One id is what a queue over its cap drops for each notification queued.
            try database.execute("DELETE FROM push_queue WHERE id = ? AND token = ?", ids[0], key)
        } else {
            try database.execute("DELETE FROM push_queue WHERE id IN (SELECT value FROM json_each(?)) AND token = ?", idList(ids), key)
        }
        if let newer, newer > highest { return }
        try recordRemoved(through: highest, in: database)
    }

    /// Keeps the highest id removed so far, which no later id goes below.
    private static func recordRemoved(through id: Int64, in database: DatabaseConnection) throws {
        try database.execute("UPDATE push_queue_removed SET id = max(id, ?)", id)
    }

    /// Removes every notification queued before `oldest`; for each key, the last id removed.
    /// Rows are in time order, so this reads only the expired ones and the first that is not.
    static func purge(queuedBefore oldest: Date, in database: DatabaseConnection) throws -> [String: Int64] {
        let bound = """
            (SELECT coalesce((SELECT id FROM push_queue WHERE enqueued_at >= ? ORDER BY id LIMIT 1), (SELECT max(id) + 1 FROM push_queue)))
            """
        var last: [String: Int64] = [:]
        for row in try database.rows("SELECT token, max(id) AS last FROM push_queue WHERE id < \(bound) GROUP BY token", oldest.timeIntervalSince1970) {
            if let key = row.get("token", as: String.self), let id = row.get("last", as: Int64.self) { last[key] = id }
        }
        try database.execute("DELETE FROM push_queue WHERE id < \(bound)", oldest.timeIntervalSince1970)
        if let highest = last.values.max() { try recordRemoved(through: highest, in: database) }
        return last
    }

    /// `ids` as a JSON array, one bound value for `json_each`.
    private static func idList(_ ids: [Int64]) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }
}
