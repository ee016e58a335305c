import Dispatch
import FoundationEssentials

/// Keeps a WAL database's log short without making writers wait long: the writer's automatic
/// checkpoints are turned off (a commit that runs one waits while the whole log is copied — the
/// relay's p99), and a timer on a queue of its own runs passive checkpoints every `interval` seconds
/// instead, on its own connection, never holding up the writer or readers. Under steady writes
/// such a checkpoint never lets the log start over, so once the log holds `restartPages` the
/// batched writer is asked to checkpoint between two batches: it copies the little that is left
/// and the log starts over at the next batch, so its size stays bounded. The passive checkpoints
/// sync the database file as they go, so the writer's own sync has little left to write.
public final class WALCheckpointer: @unchecked Sendable {
    private let pool: DatabasePool
    private let writer: BatchedWriter
    private let restartPages: Int
    private let queue = DispatchQueue(label: "wal-checkpointer")
    private let timer: any DispatchSourceTimer

    /// Turns `pool`'s automatic checkpoints off and starts checkpointing every `interval` seconds,
    /// asking `writer` (the pool's only writer) to finish the job once the log holds `restartPages` pages.
    public init(pool: DatabasePool, writer: BatchedWriter, interval: Double = 0.25, restartPages: Int = 4_096) throws {
        self.pool = pool
        self.writer = writer
        self.restartPages = restartPages
        try pool.writeWithoutTransaction { try $0.execute("PRAGMA wal_autocheckpoint = 0") }
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [weak self] in self?.checkpoint() }
        timer.resume()
    }

    /// Stops the ticks and runs one last checkpoint (after any under way).
    public func stop() {
        timer.cancel()
        queue.sync { checkpoint() }
    }

    private func checkpoint() {
        // A failed checkpoint (the disk, a lock) is tried again at the next tick.
        guard let outcome = try? pool.checkpoint() else { return }
        if outcome.logPages >= restartPages { writer.checkpointBetweenBatches() }
    }
}
