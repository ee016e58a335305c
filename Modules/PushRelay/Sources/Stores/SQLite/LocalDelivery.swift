import Essentials
import Foundation
import Persistence
import Synchronization

/// Delivery within one relay process: every notification is queued durably in the queue's log
/// (``QueueLogFile``, the file `PATH-queue` beside the relay's database) and sent to the token's
/// connected streams from there; it stays queued until the client acknowledges it (or its TTL
/// ends), so a client that drops mid-stream gets it again. Queues are capped per token (its
/// oldest dropped first) and in total (the oldest of the fullest queue dropped first); expired
/// notifications are purged every minute.
///
/// Changes go through the queue's ``QueueWriter``: many requests share one append, and a
/// delivery completes once the append holding it is written. Which notifications belong to which
/// token, and where their payloads lie, is kept in memory (``QueueIndex``, read back from the log
/// at start), so a notification costs one record in a batch. A notification is never in the
/// index without its record but for the moment its batch is written; a batch that fails is taken
/// out of the index again, except what it removed (acknowledged, dropped), which a restart brings
/// back: a client may get it twice, never lose it.
public final class LocalDelivery: DeliveryBackend, @unchecked Sendable {
    /// Streams open on this process.
    public let streams: StreamRegistry
    private let log: QueueLogFile
    private let writer: QueueWriter
    private let limits: QueueLimits
    private let index: QueueIndex
    private let purge: DispatchSourceTimer
    private let failures: FailureCount
    /// The id the next notification gets: never one given before.
    private let nextID: Atomic<Int64>
    /// What the log may hold beyond its live notifications before it is compacted (the same
    /// again as those, when they are more).
    private let compactionSlack: Int64
    /// The writer's thread only: after a compaction failed, the log's size at which it is tried
    /// again; whether a copy is being made.
    @exclusivity(unchecked) private var compactionRetryAt: Int64 = 0
    @exclusivity(unchecked) private var copying = false
    /// The copy made beside the writer, until the writer takes it; whether the index's positions
    /// are being moved into the copy put in place; the work beside the writer.
    private let copied = Mutex<Result<QueueLogCompaction, QueueLogError>?>(nil)
    private let moving = Atomic(false)
    private let compactionWork = DispatchGroup()
    private let ttl: Double

    /// Adds the database's queue table (what earlier relays queued there moves to the log) to `migrator`.
    public static func registerMigrations(in migrator: inout DatabaseMigrator) {
        PushQueue.registerMigrations(in: &migrator)
    }

    /// Keeps its queue in the file `PATH-queue` beside `pool`'s (whose migrations must include
    /// ``registerMigrations(in:)``, after the Persistence outbox's); what an earlier relay queued
    /// in the database moves there.
    public convenience init(
        pool: DatabasePool, ttl: Double, limits: QueueLimits = QueueLimits(), streamLimits: StreamLimits = StreamLimits(),
        logger: Logger = Logger.standardError(label: "push-relay", level: .warning)
    ) throws {
        try self.init(pool: pool, ttl: ttl, limits: limits, streamLimits: streamLimits, logger: logger, compactionSlack: 64 << 20)
    }

    /// As above, compacting the log once it holds `compactionSlack` bytes (or the live ones, when
    /// more) beyond what is live.
    init(pool: DatabasePool, ttl: Double, limits: QueueLimits, streamLimits: StreamLimits, logger: Logger, compactionSlack: Int64) throws {
        self.limits = limits
        self.ttl = ttl
        self.compactionSlack = compactionSlack
        let failures = FailureCount(logger: logger)
        self.failures = failures
        let index = QueueIndex()
        var highest: Int64 = 0, floor: Int64 = 0
        let log = try QueueLogFile(path: pool.url.path + "-queue") { record, body in
            switch record {
            case let .queued(id, time, key, payload):
                // A move from the database cut short and made again is not queued twice.
                guard id > highest else { return }
                highest = id
                index.added(QueueEntry(id: id, bytes: payload.count, position: body + Int64(payload.lowerBound), time: time), to: key)
            case let .removed(key, id): index.removed(from: key, through: id, dropped: false)
            case let .expired(time): index.expired(before: time)
            case let .idFloor(id): floor = max(floor, id)
            }
        }
        if log.setAside > 0 {
            logger.warning("the queue log ended in \(log.setAside) bytes that are not whole records (a write cut short, or damage); they were moved to \(log.path).damaged")
        }
        highest = try Self.moveDatabaseQueue(of: pool, to: log, index: index, after: highest)
        nextID = Atomic(max(highest + 1, floor, try pool.read { database in try PushQueue.nextID(in: database) }))
        self.log = log
        self.index = index
        writer = QueueWriter(file: log)
        streams = StreamRegistry(limits: streamLimits, logger: logger) { key, after, limit in
            let cursor: Int64
            if let after { cursor = Int64(after) ?? 0 } else { cursor = 0 }
            return try Self.waiting(for: key, after: cursor, limit: limit, queuedSince: Current.now().timeIntervalSince1970 - ttl, index: index, log: log)
        }
        purge = DispatchSource.makeTimerSource(queue: .global())
        purge.schedule(deadline: .now() + 60, repeating: 60)
        try writer.start { [weak self] in self?.compactIfWorthIt() }
        purge.setEventHandler { [weak self] in self?.purgeExpired() }
        purge.resume()
    }

    /// Removes the notifications past their time to live, through the writer.
    func purgeExpired() {
        writer.submit({ [index, ttl] batch in
            let oldest = Current.now().timeIntervalSince1970 - ttl
            if index.expired(before: oldest) > 0 { batch.expired(before: oldest) }
        }, completion: { [failures] error in
            guard let error else { return }
            failures.record("the purge of expired notifications was not written (a restart brings them back until the next one): \(error)")
        })
    }

    /// Up to `limit` notifications of `key` after `cursor` that are not past their time to live.
    func notifications(of key: String, after cursor: Int64, limit: Int) throws -> [QueuedNotification] {
        try Self.waiting(for: key, after: cursor, limit: limit, queuedSince: Current.now().timeIntervalSince1970 - ttl, index: index, log: log)
    }

    /// Moves what an earlier relay queued in the database (above `highest`, which the log already
    /// holds) to the log, then empties the table; the highest id queued.
    private static func moveDatabaseQueue(of pool: DatabasePool, to log: QueueLogFile, index: QueueIndex, after highest: Int64) throws -> Int64 {
        var moved = highest
        while true {
            let rows = try pool.read { database in try PushQueue.rows(after: moved, limit: 1_000, in: database) }
            guard let last = rows.last else { break }
            var batch = QueueLogBatch(start: log.batchStart)
            for row in rows {
                let position = batch.queued(id: row.id, at: row.time, key: row.key, payload: row.payload)
                index.added(QueueEntry(id: row.id, bytes: row.payload.count, position: position, time: row.time), to: row.key)
            }
            try log.append(batch)
            moved = last.id
        }
        guard try pool.read({ database in try PushQueue.isEmpty(database) }) == false else { return moved }
        try log.sync()
        try pool.write { database in try PushQueue.removeAll(through: moved, in: database) }
        return moved
    }

    /// Queues `bytes` for `key` through the queue's writer; `completion` runs once it is written.
    public func deliver(_ bytes: [UInt8], to key: String, completion: @escaping @Sendable (Result<DeliveryOutcome, any Error>) -> Void) {
        guard bytes.count <= QueueLimits.maximumPayloadSize, !key.isEmpty, key.utf8.count <= QueueLogRecord.maximumKeySize else {
            return completion(.failure(RelayRequestError(413, "a notification of \(bytes.count) bytes for a key of \(key.utf8.count) bytes is more than the queue keeps")))
        }
        let time = Current.now().timeIntervalSince1970
        let queued = QueuedID()
        writer.submit({ [self] batch in queued.id = enqueue(bytes, for: key, at: time, in: &batch) }) { [streams, index] error in
            if let error {
                if let id = queued.id { index.removed(id, from: key) }
                return completion(.failure(error))
            }
            let connected = streams.hasStreams(for: key)
            if connected { streams.drain(key) }
            completion(.success(connected ? .streamed : .queued))
        }
    }

    /// Up to `limit` notifications of `key` after `cursor` queued since `oldest` (seconds since
    /// 1970), read by the entries the index holds (expired ones are stepped over).
    private static func waiting(
        for key: String, after cursor: Int64, limit: Int, queuedSince oldest: Double, index: QueueIndex, log: QueueLogFile
    ) throws -> [QueuedNotification] {
        try log.reading { payload in
            var found: [QueuedNotification] = []
            var after = cursor
            while found.count < limit {
                let entries = index.entries(of: key, after: after, limit: limit - found.count)
                guard let last = entries.last else { break }
                for entry in entries where entry.time >= oldest {
                    found.append(QueuedNotification(id: String(entry.id), payload: String(decoding: try payload(entry.position, entry.bytes), as: UTF8.self)))
                }
                after = last.id
            }
            return found
        }
    }

    /// On the writer thread: queues the notification, then drops the oldest while a cap is
    /// exceeded; the new notification's id.
    private func enqueue(_ bytes: [UInt8], for key: String, at time: Double, in batch: inout QueueLogBatch) -> Int64 {
        let id = nextID.add(1, ordering: .relaxed).oldValue
        let position = batch.queued(id: id, at: time, key: key, payload: bytes)
        let count = index.added(QueueEntry(id: id, bytes: bytes.count, position: position, time: time), to: key)
        if count > limits.perToken { drop(count - limits.perToken, of: key, in: &batch) }
        // Over the total: the fullest queue gives up its oldest first, so one who floods many
        // tokens cannot push out the few notifications of a device that is merely away.
        var total = index.total
        while total.count > limits.total || total.bytes > limits.totalBytes, let fullest = index.largest {
            let excess = max(1, total.count - limits.total, (total.bytes - limits.totalBytes) / max(1, total.bytes / max(1, total.count)))
            drop(excess, of: fullest, in: &batch)
            total = index.total
        }
        return id
    }

    /// Removes the `count` oldest notifications of `key`, counted as dropped.
    private func drop(_ count: Int, of key: String, in batch: inout QueueLogBatch) {
        guard let last = index.oldest(count, of: key).last else { return }
        batch.removed(from: key, through: last.id)
        index.removed(from: key, through: last.id, dropped: true)
    }

    /// On the writer thread, between batches: once the log holds more than `compactionSlack`
    /// that is no longer live, and more than what is, starts a copy of the live notifications
    /// beside the writer; once the copy is made, puts it in the log's place, and has the index's
    /// positions moved into it beside the writer. The writer only ever copies what was appended
    /// since the copy caught up, and renames.
    private func compactIfWorthIt() {
        if moving.load(ordering: .acquiring) { return }
        if copying {
            guard let outcome = copied.withLock({ slot in defer { slot = nil }; return slot }) else { return }
            copying = false
            do throws(QueueLogError) {
                let compaction = try outcome.get()
                try log.finish(compaction)
                moving.store(true, ordering: .releasing)
                besideTheWriter { [self] in
                    index.moved { $0 & QueueLogFile.tagBit == compaction.fromTag ? compaction.newPosition(of: $0) : nil }
                    log.closePrevious()
                    moving.store(false, ordering: .releasing)
                }
            } catch {
                let slack = max(compactionSlack, log.end / 2)
                compactionRetryAt = log.end + slack
                failures.record("the queue log could not be compacted (tried again when it has grown by \(slack >> 20) MiB): \(error)")
            }
            return
        }
        guard log.end >= compactionRetryAt else { return }
        let total = index.total
        let live = Int64(total.bytes + total.count * QueueLogRecord.queuedOverhead)
        guard log.end - live > max(compactionSlack, live) else { return }
        copying = true
        let through = log.end, taggedThrough = log.batchStart, next = nextID.load(ordering: .relaxed)
        besideTheWriter { [self] in
            let entries = index.live(before: taggedThrough).sorted { $0.entry.id < $1.entry.id }
            // The copy touches no lock the loops and the writer take: it can go last on a busy machine.
            // (Linux keeps a nice value per thread: 0 names the calling one.)
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
            let outcome: Result<QueueLogCompaction, QueueLogError>
            do throws(QueueLogError) {
                outcome = .success(try log.copyLive(entries, nextID: next, copiedThrough: through))
            } catch {
                outcome = .failure(error)
            }
            copied.withLock { $0 = outcome }
        }
    }

    /// Runs `work` on a thread of its own; ``stop()`` waits for it. (Work that takes the index's
    /// lock keeps the normal priority: a holder at nice 19 would be kept off the processor for
    /// milliseconds on a busy machine, and the writer with it.)
    private func besideTheWriter(_ work: @escaping @Sendable () -> Void) {
        compactionWork.enter()
        do {
            try DetachedThread.start { [compactionWork] in
                work()
                compactionWork.leave()
            }
        } catch {
            // No thread: the work runs on the writer's, which waits for it this once.
            work()
            compactionWork.leave()
        }
    }

    /// Removes what the client acknowledged, then keeps `stream` and sends it what is queued after `lastID`.
    public func attach(_ stream: EventStream, for key: String, from address: String, after lastID: String?) throws {
        if let lastID { try acknowledge(key, through: lastID) }
        try streams.add(stream, for: key, from: address, after: lastID)
    }

    /// Removes `key`'s notifications up to `id`.
    public func acknowledge(_ key: String, through id: String) throws {
        guard let through = Int64(id), through > 0 else { throw RelayRequestError(400, "'\(id)' is not a notification id this relay gave") }
        remove(key, through: through)
    }

    /// Closes `key`'s streams and removes its queue.
    public func forget(_ key: String) {
        streams.close(key)
        remove(key, through: .max)
    }

    /// Removes `key`'s notifications up to `id`, through the writer.
    private func remove(_ key: String, through id: Int64) {
        writer.submit { [index] batch in
            guard let last = index.entries(of: key, through: id).last else { return }
            batch.removed(from: key, through: last.id)
            index.removed(from: key, through: last.id, dropped: false)
        }
    }

    /// Notifications queued now.
    public func queueDepth() throws -> Int { index.total.count }

    /// Notifications dropped by the queue caps since the process started.
    public var droppedCount: Int { index.droppedCount }

    /// Background work that failed (expiry purges, compactions of the queue log), since the process started.
    public var backgroundFailures: Int { failures.value }

    /// Always true: the file is this process's own.
    public var isHealthy: Bool { true }

    /// Stops the purge, closes the streams and writes what is queued; a compaction under way is dropped.
    public func stop() {
        purge.cancel()
        streams.closeAll()
        writer.stop()
        compactionWork.wait()
        if case .success(let compaction) = copied.withLock({ slot in defer { slot = nil }; return slot }) { log.abandon(compaction) }
    }
}
