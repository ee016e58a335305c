import Dispatch
import Essentials
import FoundationEssentials

/// Group commit: writes from many threads run on one writer thread, as many as are waiting in
/// one transaction, and a caller of ``write(_:)`` returns once the transaction holding its write
/// has committed. Under load this turns many small transactions (each a WAL append, a lock
/// round and, now and then, a checkpoint) into a few large ones; with one writer nobody waits
/// on a lock either. Batches form by themselves: what arrives while one commits is the next (and,
/// with a linger, what arrives while a small batch waits).
///
/// A batch that fails is retried write by write, each in its own transaction, so a bad write
/// fails only its own caller. A write's body may therefore run twice (the first run rolled
/// back): what it does besides SQL must bear repeating.
public final class BatchedWriter: @unchecked Sendable {
    private let pool: DatabasePool
    private let maximumBatch: Int
    private let linger: Double
    private let fullBatch: Int
    /// Guards `queue`, `stopped` and `checkpointRequested`; signalled when the first write or a
    /// full batch arrives, and when the writer should checkpoint or stop.
    private let condition = Condition()
    @exclusivity(unchecked) private var queue: [PendingWrite] = []
    @exclusivity(unchecked) private var stopped = false
    @exclusivity(unchecked) private var checkpointRequested = false
    private let finished = DispatchSemaphore(value: 0)

    /// Starts the writer thread for `pool`, committing at most `maximumBatch` writes at a time;
    /// throws when the system gives no thread.
    ///
    /// With a `linger` (seconds), a batch of fewer than `fullBatch` writes waits that long for
    /// more before it commits: under a steady stream of writes the batches grow from a few writes
    /// to many, and each commit's log frames and transaction are shared by more of them (fewer
    /// frames in the write-ahead log means fewer checkpoints, which hold the writer up). A lone
    /// write waits `linger` more.
    public init(pool: DatabasePool, maximumBatch: Int = 1_024, linger: Double = 0, fullBatch: Int = 32) throws(ThreadStartError) {
        self.pool = pool
        self.maximumBatch = max(1, maximumBatch)
        self.linger = max(0, linger)
        self.fullBatch = max(1, min(fullBatch, self.maximumBatch))
        try DetachedThread.start { [self] in run() }
    }

    /// Runs `body` in the next batch, waits until that batch has committed, and returns what
    /// `body` returned.
    public func write<Value>(_ body: @escaping @Sendable (DatabaseConnection) throws -> Value) throws -> Value {
        let result = WriteResult<Value>()
        let done = DispatchSemaphore(value: 0)
        submit({ database in result.value = try body(database) }) { error in
            result.failure = error
            done.signal()
        }
        done.wait()
        if let failure = result.failure { throw failure }
        guard let value = result.value else { throw DatabaseError(code: 1, message: "the batched write returned nothing") }
        return value
    }

    /// Queues `body` for the next batch without waiting; writes run in the order submitted.
    /// `completion`, if given, runs on the writer thread once the batch has committed (nil) or
    /// the write failed (its error) — or at once, with an error, when the writer was stopped.
    public func submit(_ body: @escaping @Sendable (DatabaseConnection) throws -> Void, completion: (@Sendable ((any Error)?) -> Void)? = nil) {
        let pending = PendingWrite(body: body, completion: completion)
        condition.lock()
        guard !stopped else {
            condition.unlock()
            return pending.finish(DatabaseError(code: 21, message: "the batched writer was stopped"))
        }
        queue.append(pending)
        // The writer waits for the first write, or lingers until a batch is full. It is woken
        // after the lock is given up, so that it does not wake only to wait for the lock.
        let wake = queue.count == 1 || queue.count == fullBatch
        condition.unlock()
        if wake { condition.signal() }
    }

    /// Asks the writer to checkpoint the write-ahead log between two batches (passively, on its own
    /// connection): with nothing written since, the checkpoint copies the whole log back and the
    /// next batch starts the log over — what a checkpoint on another connection cannot get while
    /// batches keep coming.
    public func checkpointBetweenBatches() {
        condition.lock()
        checkpointRequested = true
        condition.signal()
        condition.unlock()
    }

    /// Commits what is queued, then ends the writer thread; later writes fail.
    public func stop() {
        condition.lock()
        let first = !stopped
        stopped = true
        condition.signal()
        condition.unlock()
        if first { finished.wait() }
    }

    private func run() {
        while true {
            condition.lock()
            while queue.isEmpty && !stopped && !checkpointRequested { condition.wait() }
            if checkpointRequested {
                checkpointRequested = false
                condition.unlock()
                // A failed checkpoint costs nothing but a longer log; the next request tries again.
                _ = try? pool.checkpoint(onWriter: true)
                continue
            }
            if queue.isEmpty {
                condition.unlock()
                finished.signal()
                return
            }
            if linger > 0 && queue.count < fullBatch && !stopped {
                let deadline = Date(timeIntervalSinceNow: linger)
                while queue.count < fullBatch && !stopped && condition.wait(until: deadline) {}
            }
            let batch = Array(queue.prefix(maximumBatch))
            queue.removeFirst(batch.count)
            condition.unlock()
            commit(batch)
        }
    }

    private func commit(_ batch: [PendingWrite]) {
        do {
            try pool.write { database in
                for pending in batch { try pending.body(database) }
            }
            batch.forEach { $0.finish(nil) }
        } catch {
            guard batch.count > 1 else { return batch[0].finish(error) }
            for pending in batch {
                do {
                    try pool.write { try pending.body($0) }
                    pending.finish(nil)
                } catch {
                    pending.finish(error)
                }
            }
        }
    }
}
