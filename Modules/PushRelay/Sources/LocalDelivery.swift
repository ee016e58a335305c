import Essentials
import Foundation
import Persistence

/// Delivery within one relay process: every notification is queued durably in the
/// ``PushQueue`` and sent to the token's connected streams from there; it stays queued until the
/// client acknowledges it (or its TTL ends), so a client that drops mid-stream gets it again.
/// Queues are capped per token (its oldest dropped first) and in total (the oldest of the
/// fullest queue dropped first); expired notifications are purged every minute.
///
/// Queued notifications are written through the relay's ``BatchedWriter``: many requests share
/// one transaction, and a delivery completes once the transaction holding it has committed.
public final class LocalDelivery: DeliveryBackend, @unchecked Sendable {
    public let streams: StreamRegistry
    private let pool: DatabasePool
    private let writer: BatchedWriter
    private let limits: QueueLimits
    private let counts: QueueCounts
    private let now: @Sendable () -> Date
    private let purge: DispatchSourceTimer

    public static func registerMigrations(in migrator: inout DatabaseMigrator) {
        PushQueue.registerMigrations(in: &migrator)
    }

    /// Uses `pool` (whose migrations must include ``registerMigrations(in:)``, after the
    /// Persistence outbox's) and writes through `writer`.
    public init(
        pool: DatabasePool, writer: BatchedWriter, ttl: Double, limits: QueueLimits = QueueLimits(), streamLimits: StreamLimits = StreamLimits(),
        logger: Logger = Logger.standardError(label: "push-relay", level: .warning), now: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        self.pool = pool
        self.writer = writer
        self.limits = limits
        self.now = now
        let totals = try pool.read { database in try PushQueue.totals(in: database) }
        let counts = QueueCounts(count: totals.count, bytes: totals.bytes)
        self.counts = counts
        streams = StreamRegistry(limits: streamLimits, logger: logger) { key, after, limit in
            let cursor: Int64
            if let after { cursor = Int64(after) ?? 0 } else { cursor = 0 }
            return try pool.read { database in
                try PushQueue.waiting(for: key, after: cursor, limit: limit, queuedSince: now().addingTimeInterval(-ttl), in: database)
            }
        }
        purge = DispatchSource.makeTimerSource(queue: .global())
        purge.schedule(deadline: .now() + 60, repeating: 60)
        purge.setEventHandler {
            writer.submit { database in
                _ = try PushQueue.purge(queuedBefore: now().addingTimeInterval(-ttl), in: database)
                let totals = try PushQueue.totals(in: database)
                counts.reset(count: totals.count, bytes: totals.bytes)
            }
        }
        purge.resume()
    }

    public func deliver(_ payload: JSONValue, to key: String, completion: @escaping @Sendable (Result<DeliveryOutcome, any Error>) -> Void) {
        let bytes: [UInt8]
        do {
            bytes = try JSONSerializer.data(payload)
        } catch {
            return completion(.failure(error))
        }
        let date = now()
        writer.submit({ [self] database in try enqueue(bytes, for: key, at: date, in: database) }) { [streams] error in
            if let error { return completion(.failure(error)) }
            let connected = streams.hasStreams(for: key)
            if connected { streams.drain(key) }
            completion(.success(connected ? .streamed : .queued))
        }
    }

    /// On the writer thread: queues the notification, then drops the oldest while a cap is exceeded.
    private func enqueue(_ bytes: [UInt8], for key: String, at date: Date, in database: DatabaseConnection) throws {
        let before = try counts.count(of: key) { try PushQueue.count(for: key, in: database) }
        _ = try PushQueue.enqueue(bytes, for: key, at: date, in: database)
        counts.added(to: key, bytes: bytes.count)
        if before + 1 > limits.perToken {
            let removed = try PushQueue.dropOldest(before + 1 - limits.perToken, of: key, in: database)
            counts.removed(removed.count, bytes: removed.bytes, from: key, dropped: true)
        }
        // Over the total: the fullest queue gives up its oldest first, so one who floods many
        // tokens cannot push out the few notifications of a device that is merely away.
        var total = counts.total
        while total.count > limits.total || total.bytes > limits.totalBytes {
            let excess = max(1, total.count - limits.total, (total.bytes - limits.totalBytes) / max(1, total.bytes / max(1, total.count)))
            if let fullest = counts.largest, case let removed = try PushQueue.dropOldest(excess, of: fullest, in: database), removed.count > 0 {
                counts.removed(removed.count, bytes: removed.bytes, from: fullest, dropped: true)
            } else {
                let removed = try PushQueue.dropOldest(max(1, total.count - limits.total), in: database)
                counts.removed(removed.count, bytes: removed.bytes, from: nil, dropped: true)
                if removed.count == 0 { break }
            }
            total = counts.total
        }
    }

    public func attach(_ stream: EventStream, for key: String, after lastID: String?) throws {
        if let lastID { try acknowledge(key, through: lastID) }
        try streams.add(stream, for: key, after: lastID)
    }

    public func acknowledge(_ key: String, through id: String) throws {
        guard let through = Int64(id), through > 0 else { throw RelayRequestError(400, "'\(id)' is not a notification id this relay gave") }
        writer.submit { [counts] database in
            let removed = try PushQueue.acknowledge(key, through: through, in: database)
            counts.removed(removed.count, bytes: removed.bytes, from: key, dropped: false)
        }
    }

    public func forget(_ key: String) {
        streams.close(key)
        writer.submit { [counts] database in
            let removed = try PushQueue.acknowledge(key, through: Int64.max, in: database)
            counts.removed(removed.count, bytes: removed.bytes, from: key, dropped: false)
        }
    }

    public func queueDepth() throws -> Int { counts.total.count }

    public var droppedCount: Int { counts.droppedCount }

    public var isHealthy: Bool { true }

    public func stop() {
        purge.cancel()
        streams.closeAll()
    }
}
