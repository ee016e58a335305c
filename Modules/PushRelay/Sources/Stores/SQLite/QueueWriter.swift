import Dispatch
import Essentials

/// Group commit for the queue's log: changes from many threads run on one writer thread, as
/// many as are waiting (up to ``maximumBatch``) in one batch that one `pwrite` appends to the
/// ``QueueLogFile``, and each change's completion runs (on that thread) once the batch is
/// written, or failed. What arrives while a batch is written is the next. Between two batches the writer runs `betweenBatches`
/// (compaction, when the file holds enough that is no longer live).
final class QueueWriter: @unchecked Sendable {
    /// The most changes one batch takes, so that its bytes (each payload again) stay bounded.
    static let maximumBatch = 1_024
    private let file: QueueLogFile
    /// Set before the thread starts, then only read on it.
    @exclusivity(unchecked) private var betweenBatches: @Sendable () -> Void = {}
    /// Guards `queue` and `stopped`; signalled when the first change arrives and on stop.
    private let condition = Condition()
    @exclusivity(unchecked) private var queue: [QueueWrite] = []
    @exclusivity(unchecked) private var stopped = false
    private let finished = DispatchSemaphore(value: 0)

    /// A writer for `file`; changes wait until ``start(betweenBatches:)``.
    init(file: QueueLogFile) {
        self.file = file
    }

    /// Starts the writer thread, which runs `betweenBatches` after each batch; throws when the
    /// system gives no thread.
    func start(betweenBatches: @escaping @Sendable () -> Void) throws(ThreadStartError) {
        self.betweenBatches = betweenBatches
        try DetachedThread.start { [self] in run() }
    }

    /// Queues `body` for the next batch; changes run in the order submitted. `completion`, if
    /// given, runs on the writer thread once the batch is written (nil) or failed (its error), or
    /// at once, with an error, when the writer was stopped.
    func submit(_ body: @escaping @Sendable (inout QueueLogBatch) -> Void, completion: (@Sendable ((any Error)?) -> Void)? = nil) {
        condition.lock()
        guard !stopped else {
            condition.unlock()
            completion?(QueueLogError("the queue's writer was stopped"))
            return
        }
        queue.append(QueueWrite(body: body, completion: completion))
        let wake = queue.count == 1
        condition.unlock()
        if wake { condition.signal() }
    }

    /// Writes what is queued, then ends the writer thread; later changes fail.
    func stop() {
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
            while queue.isEmpty && !stopped { condition.wait() }
            if queue.isEmpty {
                condition.unlock()
                finished.signal()
                return
            }
            let writes = Array(queue.prefix(Self.maximumBatch))
            queue.removeFirst(writes.count)
            condition.unlock()
            var batch = QueueLogBatch(start: file.batchStart)
            for write in writes { write.body(&batch) }
            do {
                try file.append(batch)
                for write in writes { write.completion?(nil) }
            } catch {
                for write in writes { write.completion?(error) }
            }
            betweenBatches()
        }
    }
}
