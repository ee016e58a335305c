import Essentials
import FoundationEssentials

/// A durable queue of outgoing messages in SQLite: what is enqueued survives a crash and is
/// delivered in order.
///
/// A message enqueued with a coalescing key replaces the unsent message with the same key (the
/// newest payload wins, in the older one's place). Delivery is strictly in order: a message
/// waiting for its retry holds back those after it. A failed delivery is retried with backoff;
/// after the policy's maximum attempts it becomes a dead letter, which no longer blocks the
/// queue and can be requeued.
public final class Outbox: Sendable {
    /// The queue's name; several queues share one table.
    public let queue: String
    private let pool: DatabasePool
    private let policy: OutboxPolicy

    /// Registers the outbox table's migrations; call before ``DatabaseMigrator/migrate(_:)``.
    public static func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.register("outbox.v1") { database in
            try database.executeScript("""
            CREATE TABLE outbox (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                queue TEXT NOT NULL,
                coalesce_key TEXT,
                revision INTEGER NOT NULL DEFAULT 1,
                payload BLOB NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0,
                enqueued_at TEXT NOT NULL,
                next_attempt_at REAL NOT NULL,
                last_error TEXT,
                dead INTEGER NOT NULL DEFAULT 0
            );
            CREATE INDEX outbox_queue ON outbox (queue, dead, id);
            CREATE UNIQUE INDEX outbox_coalescing ON outbox (queue, coalesce_key) WHERE coalesce_key IS NOT NULL AND dead = 0;
            """)
        }
    }

    /// Opens queue `queue` in `pool`, whose migrations must include ``registerMigrations(in:)``.
    public init(pool: DatabasePool, queue: String, policy: OutboxPolicy = OutboxPolicy()) {
        self.pool = pool
        self.queue = queue
        self.policy = policy
    }

    /// Adds `payload`, or replaces the unsent payload enqueued under the same `key`; returns the message id.
    @discardableResult
    public func enqueue(_ payload: Data, key: String? = nil) throws -> Int64 {
        try pool.write { database in try enqueue(payload, key: key, in: database) }
    }

    /// ``enqueue(_:key:)`` inside a write transaction of the caller's (such as a batch of a
    /// ``BatchedWriter``) on `database`, a writer of this outbox's file.
    @discardableResult
    public func enqueue(_ payload: Data, key: String? = nil, in database: DatabaseConnection) throws -> Int64 {
        let date = Current.now()
        if let key {
            try database.execute("""
            UPDATE outbox SET payload = ?, revision = revision + 1, attempts = 0, next_attempt_at = ?, last_error = NULL
            WHERE queue = ? AND coalesce_key = ? AND dead = 0
            """, payload, date.timeIntervalSince1970, queue, key)
            if database.changes > 0,
               let id = try database.scalar(Int64.self, "SELECT id FROM outbox WHERE queue = ? AND coalesce_key = ? AND dead = 0", queue, key) {
                return id
            }
        }
        try database.execute(
            "INSERT INTO outbox (queue, coalesce_key, payload, enqueued_at, next_attempt_at) VALUES (?, ?, ?, ?, ?)",
            queue, key, payload, date, date.timeIntervalSince1970
        )
        return database.lastInsertedRowID
    }

    /// Up to `limit` messages due for delivery, oldest first, stopping at the first one still
    /// waiting for its retry.
    public func nextBatch(limit: Int) throws -> [OutboxMessage] {
        try pool.read { database in try nextBatch(limit: limit, in: database) }
    }

    /// ``nextBatch(limit:)`` read on `database`, inside the caller's transaction.
    public func nextBatch(limit: Int, in database: DatabaseConnection) throws -> [OutboxMessage] {
        let due = Current.now().timeIntervalSince1970
        let rows = try database.rows("""
        SELECT id, revision, coalesce_key, payload, attempts, enqueued_at, next_attempt_at, last_error
        FROM outbox WHERE queue = ? AND dead = 0 ORDER BY id LIMIT ?
        """, queue, max(0, limit))
        return try rows.prefix { ($0.get("next_attempt_at", as: Double.self) ?? 0) <= due }.map(Self.message(from:))
    }

    /// Removes delivered messages; a message whose payload was replaced since it was taken stays.
    /// Returns how many were removed.
    @discardableResult
    public func acknowledge(_ messages: [OutboxMessage]) throws -> Int {
        try pool.write { database in try acknowledge(messages, in: database) }
    }

    /// ``acknowledge(_:)`` inside the caller's write transaction on `database`.
    @discardableResult
    public func acknowledge(_ messages: [OutboxMessage], in database: DatabaseConnection) throws -> Int {
        var removed = 0
        for message in messages {
            try database.execute("DELETE FROM outbox WHERE id = ? AND revision = ?", message.id, message.revision)
            removed += database.changes
        }
        return removed
    }

    /// Records a failed delivery: schedules a retry with backoff, or dead-letters the message
    /// after the policy's maximum attempts.
    public func fail(_ message: OutboxMessage, reason: String) throws -> FailureOutcome {
        let date = Current.now()
        return try pool.write { database in
            guard let attempts = try database.scalar(
                Int.self, "SELECT attempts FROM outbox WHERE id = ? AND revision = ? AND dead = 0", message.id, message.revision
            ) else { return .superseded }
            let failures = attempts + 1
            if failures >= policy.maximumAttempts {
                try database.execute(
                    "UPDATE outbox SET attempts = ?, last_error = ?, dead = 1 WHERE id = ?", failures, reason, message.id
                )
                return .deadLettered
            }
            let retry = date.addingTimeInterval(policy.delay(afterAttempts: failures))
            try database.execute(
                "UPDATE outbox SET attempts = ?, last_error = ?, next_attempt_at = ? WHERE id = ?",
                failures, reason, retry.timeIntervalSince1970, message.id
            )
            return .retry(at: retry)
        }
    }

    /// Messages that ran out of attempts, oldest first.
    public func deadLetters() throws -> [OutboxMessage] {
        try pool.read { database in
            try database.rows("""
            SELECT id, revision, coalesce_key, payload, attempts, enqueued_at, next_attempt_at, last_error
            FROM outbox WHERE queue = ? AND dead = 1 ORDER BY id
            """, queue)
        }.map(Self.message(from:))
    }

    /// Puts a dead letter back in the queue with its attempts reset, unless a newer message
    /// with the same key is already waiting, in which case the dead one is dropped as stale.
    public func requeue(_ message: OutboxMessage) throws {
        try pool.write { database in
            if let key = message.key,
               try database.scalar(Int64.self, "SELECT id FROM outbox WHERE queue = ? AND coalesce_key = ? AND dead = 0", queue, key) != nil {
                try database.execute("DELETE FROM outbox WHERE id = ? AND dead = 1", message.id)
                return
            }
            try database.execute(
                "UPDATE outbox SET dead = 0, attempts = 0, next_attempt_at = ? WHERE id = ? AND dead = 1",
                Current.now().timeIntervalSince1970, message.id
            )
        }
    }

    /// How many messages wait for delivery, dead letters excluded.
    public func pendingCount() throws -> Int {
        try pool.read { database in
            try database.scalar(Int.self, "SELECT count(*) FROM outbox WHERE queue = ? AND dead = 0", queue) ?? 0
        }
    }

    private static func message(from row: Row) throws -> OutboxMessage {
        guard let id = row.get("id", as: Int64.self), let revision = row.get("revision", as: Int64.self),
              let payload = row.get("payload", as: Data.self), let attempts = row.get("attempts", as: Int.self),
              let enqueuedAt = row.get("enqueued_at", as: Date.self) else {
            throw DatabaseError(code: 20 /* SQLITE_MISMATCH */, message: "an outbox row has an unexpected shape: \(row.columns)")
        }
        return OutboxMessage(
            id: id, revision: revision, key: row.get("coalesce_key", as: String.self), payload: payload,
            attempts: attempts, enqueuedAt: enqueuedAt, lastError: row.get("last_error", as: String.self)
        )
    }
}
