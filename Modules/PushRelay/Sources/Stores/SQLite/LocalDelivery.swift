import Essentials
import Foundation
import Persistence
import Synchronization

/// Delivery within one relay process: every notification is queued durably in the
/// ``PushQueue`` and sent to the token's connected streams from there; it stays queued until the
/// client acknowledges it (or its TTL ends), so a client that drops mid-stream gets it again.
/// Queues are capped per token (its oldest dropped first) and in total (the oldest of the
/// fullest queue dropped first); expired notifications are purged every minute.
///
/// Queued notifications are written through the relay's ``BatchedWriter``: many requests share
/// one transaction, and a delivery completes once the transaction holding it has committed.
/// Which rows belong to which token is kept in memory (``QueueIndex``, read from the table at
/// start), so a notification costs the database one appended row.
public final class LocalDelivery: DeliveryBackend, @unchecked Sendable {
    /// Streams open on this process.
    public let streams: StreamRegistry
    private let pool: DatabasePool
    private let writer: BatchedWriter
    private let limits: QueueLimits
    private let index: QueueIndex
    private let purge: DispatchSourceTimer
    private let failures: FailureCount
    /// The id the next notification gets (``PushQueue``: never one given before).
    private let nextID: Atomic<Int64>

    /// Adds the queue's table to `migrator`.
    public static func registerMigrations(in migrator: inout DatabaseMigrator) {
        PushQueue.registerMigrations(in: &migrator)
    }

    /// Uses `pool` (whose migrations must include ``registerMigrations(in:)``, after the
    /// Persistence outbox's) and writes through `writer`.
    public init(
        pool: DatabasePool, writer: BatchedWriter, ttl: Double, limits: QueueLimits = QueueLimits(), streamLimits: StreamLimits = StreamLimits(),
        logger: Logger = Logger.standardError(label: "push-relay", level: .warning)
    ) throws {
        self.pool = pool
        self.writer = writer
        self.limits = limits
        let failures = FailureCount(logger: logger)
        self.failures = failures
        let index = QueueIndex(try pool.read { database in try PushQueue.entries(in: database) })
        nextID = Atomic(try pool.read { database in try PushQueue.nextID(in: database) })
        self.index = index
        streams = StreamRegistry(limits: streamLimits, logger: logger) { key, after, limit in
            let cursor: Int64
            if let after { cursor = Int64(after) ?? 0 } else { cursor = 0 }
            return try Self.waiting(for: key, after: cursor, limit: limit, queuedSince: Current.now().addingTimeInterval(-ttl), index: index, pool: pool)
        }
        purge = DispatchSource.makeTimerSource(queue: .global())
        purge.schedule(deadline: .now() + 60, repeating: 60)
        purge.setEventHandler {
            writer.submit({ database in
                for (key, last) in try PushQueue.purge(queuedBefore: Current.now().addingTimeInterval(-ttl), in: database) {
                    index.removed(from: key, through: last, dropped: false)
                }
            }, completion: { error in
                guard let error else { return }
                failures.record("the purge of expired notifications failed (the next one, in a minute, goes on): \(error)")
            })
        }
        purge.resume()
    }

    /// Queues `bytes` for `key` through the batched writer; `completion` runs once it is durable.
    public func deliver(_ bytes: [UInt8], to key: String, completion: @escaping @Sendable (Result<DeliveryOutcome, any Error>) -> Void) {
        let date = Current.now()
        let queued = QueuedID()
        writer.submit({ [self] database in queued.id = try enqueue(bytes, for: key, at: date, in: database) }) { [streams, index] error in
            if let error {
                if let id = queued.id { index.removed(id, from: key) }
                return completion(.failure(error))
            }
            let connected = streams.hasStreams(for: key)
            if connected { streams.drain(key) }
            completion(.success(connected ? .streamed : .queued))
        }
    }

    /// Up to `limit` notifications of `key` after `cursor` that are not past their time to live,
    /// read by the ids the index holds (ids whose rows expired are stepped over).
    private static func waiting(
        for key: String, after cursor: Int64, limit: Int, queuedSince oldest: Date, index: QueueIndex, pool: DatabasePool
    ) throws -> [QueuedNotification] {
        var found: [QueuedNotification] = []
        var after = cursor
        while found.count < limit {
            let ids = index.ids(of: key, after: after, limit: limit - found.count)
            guard let last = ids.last else { break }
            found += try pool.read { database in try PushQueue.notifications(ids, of: key, queuedSince: oldest, in: database) }
            after = last
        }
        return found
    }

    /// On the writer thread: queues the notification, then drops the oldest while a cap is
    /// exceeded; the new row's id.
    private func enqueue(_ bytes: [UInt8], for key: String, at date: Date, in database: DatabaseConnection) throws -> Int64 {
        // A write rolled back and run again takes a new id: ids only have to grow.
        let id = nextID.add(1, ordering: .relaxed).oldValue
        try PushQueue.enqueue(bytes, id: id, for: key, at: date, in: database)
        let count = index.added(QueueEntry(id: id, bytes: bytes.count), to: key)
        if count > limits.perToken { try drop(count - limits.perToken, of: key, keeping: id, in: database) }
        // Over the total: the fullest queue gives up its oldest first, so one who floods many
        // tokens cannot push out the few notifications of a device that is merely away.
        var total = index.total
        while total.count > limits.total || total.bytes > limits.totalBytes, let fullest = index.largest {
            let excess = max(1, total.count - limits.total, (total.bytes - limits.totalBytes) / max(1, total.bytes / max(1, total.count)))
            try drop(excess, of: fullest, keeping: id, in: database)
            total = index.total
        }
        return id
    }

    /// Removes the `count` oldest notifications of `key`, counted as dropped, for `newest`, the
    /// row the same write queued.
    private func drop(_ count: Int, of key: String, keeping newest: Int64, in database: DatabaseConnection) throws {
        let oldest = index.oldest(count, of: key)
        guard let last = oldest.last else { return }
        try PushQueue.delete(oldest.map(\.id), of: key, in: database, keptNewer: newest)
        index.removed(from: key, through: last.id, dropped: true)
    }

    /// Removes what the client acknowledged, then keeps `stream` and sends it what is queued after `lastID`.
    public func attach(_ stream: EventStream, for key: String, from address: String, after lastID: String?) throws {
        if let lastID { try acknowledge(key, through: lastID) }
        try streams.add(stream, for: key, from: address, after: lastID)
    }

    /// Removes `key`'s notifications up to `id`.
    public func acknowledge(_ key: String, through id: String) throws {
        guard let through = Int64(id), through > 0 else { throw RelayRequestError(400, "'\(id)' is not a notification id this relay gave") }
        writer.submit { [index] database in
            try PushQueue.delete(index.entries(of: key, through: through).map(\.id), of: key, in: database)
            index.removed(from: key, through: through, dropped: false)
        }
    }

    /// Closes `key`'s streams and removes its queue.
    public func forget(_ key: String) {
        streams.close(key)
        writer.submit { [index] database in
            try PushQueue.delete(index.entries(of: key, through: .max).map(\.id), of: key, in: database)
            index.removed(from: key, through: .max, dropped: false)
        }
    }

    /// Notifications queued now.
    public func queueDepth() throws -> Int { index.total.count }

    /// Notifications dropped by the queue caps since the process started.
    public var droppedCount: Int { index.droppedCount }

    /// Background work that failed (expiry purges), since the process started.
    public var backgroundFailures: Int { failures.value }

    /// Always true: the file is this process's own.
    public var isHealthy: Bool { true }

    /// Stops the purge and closes the streams.
    public func stop() {
        purge.cancel()
        streams.closeAll()
    }
}
