import Glibc
import Synchronization

/// The queue's notifications on disk: one file (0600) of records appended in batches, each batch
/// one `pwrite` (``QueueLogBatch``), read back in order when the relay starts. A batch that
/// reached the file survives the relay crashing, as a commit of the relay's SQLite file in its
/// `synchronous = NORMAL` does; the last moments can be lost if the machine loses power.
/// Payloads are read where they lie. Acknowledged, dropped and expired notifications stay in
/// the file until it is compacted: the live notifications copied, in id order, to a new file
/// beside it while appends go on, with most of what is appended meanwhile, and synced
/// (``copyLive(_:nextID:copiedThrough:)``), then the rest added and the copy renamed over the log
/// between two batches (``finish(_:)``), the old file kept open until ``closePrevious()``.
///
/// A tail that is not whole records (a write cut short by a crash, or damage) ends the log: it
/// is moved to `PATH.damaged` for whoever wants to look, and cut off. A write that fails is cut
/// off again, so the next batch goes where it would have.
///
/// Appends and a compaction's finish run on one thread (the queue's writer), its copy on
/// another; payloads are read from any, under the lock that the finish takes to swap the files.
final class QueueLogFile: @unchecked Sendable {
    /// The file's first bytes.
    static let magic = Array("HCQUEUE1".utf8)
    let path: String
    /// Where the next batch goes: the end of the last whole record (the writer's thread).
    @exclusivity(unchecked) private(set) var end: Int64
    /// ``end`` for a compaction's copy, which catches up with what is appended beside the writer.
    private let published = Atomic<Int64>(0)
    /// Bytes of a damaged or cut short tail set aside when the file was opened.
    let setAside: Int64
    /// A payload's position is its offset in the file plus the file's tag, which each compaction
    /// flips: until the index has moved every position into the copy, a position with the other
    /// tag is read from the file the copy replaced, kept open meanwhile.
    static let tagBit: Int64 = 1 << 62
    // Guarded by `lock` for readers; changed only by a compaction's finish, holding it (the tag
    // is read without it on the writer's thread, the only one that changes it).
    @exclusivity(unchecked) private var descriptor: Int32
    @exclusivity(unchecked) private var previousDescriptor: Int32?
    @exclusivity(unchecked) private(set) var tag: Int64 = 0
    private let lock = RequestLock()

    /// Opens the log at `path` (created when missing) and hands each record to `apply` with
    /// the file position of its body, in order.
    init(path: String, apply: (QueueLogRecord, _ body: Int64) -> Void) throws(QueueLogError) {
        self.path = path
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw QueueLogError("cannot open the queue log \(path)", errno: errno) }
        do throws(QueueLogError) {
            let size = try Self.size(of: descriptor, path: path)
            if size < Int64(Self.magic.count) {
                // A log the relay began and was stopped before its first bytes were written.
                var start = [UInt8](repeating: 0, count: Int(size))
                try Self.read(&start, at: 0, from: descriptor, path: path)
                guard start == Array(Self.magic.prefix(start.count)) else { throw QueueLogError("\(path) is not a queue log") }
                try Self.write(Self.magic, at: 0, to: descriptor, path: path)
                end = Int64(Self.magic.count)
            } else {
                var start = [UInt8](repeating: 0, count: Self.magic.count)
                try Self.read(&start, at: 0, from: descriptor, path: path)
                guard start == Self.magic else { throw QueueLogError("\(path) is not a queue log") }
                end = try Self.replay(descriptor, size: size, path: path, apply: apply)
            }
            setAside = max(0, size - end)
            if setAside > 0 { try Self.setAside(from: end, size: size, of: descriptor, path: path) }
        } catch {
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
        published.store(end, ordering: .releasing)
    }

    deinit {
        close(descriptor)
        if let previousDescriptor { close(previousDescriptor) }
    }

    /// Where the next batch's first byte lies, as positions say it (``QueueLogBatch/start``).
    var batchStart: Int64 { end + tag }

    /// Appends `batch` (which starts at ``end``); on failure the file is cut back to where it ended.
    func append(_ batch: QueueLogBatch) throws(QueueLogError) {
        guard !batch.bytes.isEmpty else { return }
        do {
            try Self.write(batch.bytes, at: end, to: descriptor, path: path)
        } catch {
            _ = ftruncate(descriptor, off_t(end))
            throw error
        }
        end += Int64(batch.bytes.count)
        published.store(end, ordering: .releasing)
    }

    /// Waits until what was appended is on the disk, not only in the system's cache.
    func sync() throws(QueueLogError) {
        guard fsync(descriptor) == 0 else { throw QueueLogError("cannot sync the queue log \(path)", errno: errno) }
    }

    /// Runs `body` with a reader of payloads (`bytes` at a position) that no compaction's finish swaps files under.
    func reading<Result>(_ body: (_ payload: (_ position: Int64, _ bytes: Int) throws -> [UInt8]) throws -> Result) throws -> Result {
        try lock.withLock {
            try body { position, bytes in
                let source = position & Self.tagBit == tag ? descriptor : previousDescriptor ?? descriptor
                var payload = [UInt8](repeating: 0, count: bytes)
                try Self.read(&payload, at: position & ~Self.tagBit, from: source, path: path)
                return payload
            }
        }
    }

    /// Copies the live notifications (`live`, in id order: all that the index held when the log
    /// ended at `copiedThrough`) with `nextID` as the id floor to a new file beside this one, then
    /// what the writer appended meanwhile, until little is left, and syncs it. Runs beside the
    /// writer, which goes on appending: it reads only records written before.
    func copyLive(_ live: [(key: String, entry: QueueEntry)], nextID: Int64, copiedThrough: Int64) throws(QueueLogError) -> QueueLogCompaction {
        let (source, oldTag) = lock.withLock { (descriptor, tag) }
        let newTag = oldTag ^ Self.tagBit
        let newPath = path + ".compacting"
        let target = open(newPath, O_RDWR | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard target >= 0 else { throw QueueLogError("cannot create \(newPath)", errno: errno) }
        var runStarts: [Int64] = [], runShifts: [Int64] = []
        var written = Int64(Self.magic.count), caughtUp = copiedThrough
        do throws(QueueLogError) {
            try Self.write(Self.magic, at: 0, to: target, path: newPath)
            var batch = QueueLogBatch(start: written)
            batch.idFloor(nextID)
            var previous = Int64.min
            // The log is read a megabyte at a time (the live payloads come in file order), not a payload at a time.
            var window: [UInt8] = [], windowStart: Int64 = 0
            for (key, entry) in live {
                let offset = entry.position - oldTag
                // Runs of neighbours need the log in id order, as the writer appends it.
                guard offset > previous else { throw QueueLogError("the queue log's notifications are not in id order") }
                previous = offset
                if offset + Int64(entry.bytes) > windowStart + Int64(window.count) {
                    window = [UInt8](repeating: 0, count: Int(min(max(Int64(entry.bytes), 1 << 20), copiedThrough - offset)))
                    windowStart = offset
                    try Self.read(&window, at: offset, from: source, path: path)
                }
                let start = Int(offset - windowStart)
                let shift = batch.queued(id: entry.id, at: entry.time, key: key, payload: Array(window[start..<(start + entry.bytes)])) - offset
                if runShifts.last != shift {
                    runStarts.append(offset)
                    runShifts.append(shift)
                }
                if batch.bytes.count >= 1 << 20 {
                    try Self.write(batch.bytes, at: written, to: target, path: newPath)
                    written += Int64(batch.bytes.count)
                    batch = QueueLogBatch(start: written)
                }
            }
            try Self.write(batch.bytes, at: written, to: target, path: newPath)
            written += Int64(batch.bytes.count)
            // What was appended meanwhile, while more than a little is left to the writer.
            while case let appended = published.load(ordering: .acquiring), appended - caughtUp > 1 << 20 {
                try Self.copy(from: caughtUp, to: appended, of: source, path: path, into: target, at: written + caughtUp - copiedThrough, path: newPath)
                caughtUp = appended
            }
            guard fsync(target) == 0 else { throw QueueLogError("cannot sync \(newPath)", errno: errno) }
        } catch {
            close(target)
            unlink(newPath)
            throw error
        }
        return QueueLogCompaction(
            descriptor: target, path: newPath, copiedThrough: copiedThrough, tailShift: written - copiedThrough, caughtUpThrough: caughtUp,
            runStarts: runStarts, runShifts: runShifts, fromTag: oldTag, toTag: newTag
        )
    }

    /// On the writer's thread: appends the rest of the records written since the copy began to
    /// it and puts it in place of this file; the replaced file stays open for payloads whose
    /// positions the index has not moved yet (``QueueLogCompaction/newPosition(of:)``), until
    /// ``closePrevious()``. Syncs nothing: the copy was synced, and what was appended since is as
    /// durable as an append.
    func finish(_ compaction: QueueLogCompaction) throws(QueueLogError) {
        let tailShift = compaction.tailShift
        do throws(QueueLogError) {
            try Self.copy(
                from: compaction.caughtUpThrough, to: end, of: descriptor, path: path,
                into: compaction.descriptor, at: compaction.caughtUpThrough + tailShift, path: compaction.path
            )
            guard rename(compaction.path, path) == 0 else { throw QueueLogError("cannot move \(compaction.path) over the queue log", errno: errno) }
        } catch {
            abandon(compaction)
            throw error
        }
        lock.withLock {
            previousDescriptor = descriptor
            descriptor = compaction.descriptor
            tag ^= Self.tagBit
        }
        end += tailShift
        published.store(end, ordering: .releasing)
    }

    /// Once the index has moved every position: closes the file a compaction replaced, and makes
    /// the rename durable.
    func closePrevious() {
        lock.withLock {
            if let previousDescriptor { close(previousDescriptor) }
            previousDescriptor = nil
        }
        Self.syncDirectory(of: path)
    }

    /// Drops a copy that will not be used.
    func abandon(_ compaction: QueueLogCompaction) {
        close(compaction.descriptor)
        unlink(compaction.path)
    }

    // MARK: - Reading back and raw I/O

    /// Hands every whole record from after the magic to `apply`; where the last one ends.
    private static func replay(_ descriptor: Int32, size: Int64, path: String, apply: (QueueLogRecord, Int64) -> Void) throws(QueueLogError) -> Int64 {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var bufferStart = Int64(magic.count), filled = 0, position = 0
        while true {
            let frame = buffer.withUnsafeBytes { QueueLogRecord.frame(in: UnsafeRawBufferPointer(rebasing: $0[position..<filled])) }
            switch frame {
            case .complete(let length):
                let record = buffer.withUnsafeBytes { bytes -> QueueLogRecord? in
                    let body = UnsafeRawBufferPointer(rebasing: bytes[(position + QueueLogRecord.frameSize)..<(position + length)])
                    return try? QueueLogRecord(body: body)
                }
                guard let record else { return bufferStart + Int64(position) }
                apply(record, bufferStart + Int64(position + QueueLogRecord.frameSize))
                position += length
            case .damaged:
                return bufferStart + Int64(position)
            case .incomplete:
                let next = bufferStart + Int64(filled)
                guard next < size else { return bufferStart + Int64(position) }
                // Keep the start of the record, read on after it.
                let kept = filled - position
                buffer.withUnsafeMutableBytes { $0.baseAddress.map { base in _ = memmove(base, base + position, kept) } }
                bufferStart += Int64(position)
                position = 0
                let wanted = min(buffer.count - kept, Int(size - next))
                var more = [UInt8](repeating: 0, count: wanted)
                try read(&more, at: next, from: descriptor, path: path)
                buffer.replaceSubrange(kept..<(kept + wanted), with: more)
                filled = kept + wanted
            }
        }
    }

    /// Copies the bytes from `start` to `PATH.damaged` and cuts the log there.
    private static func setAside(from start: Int64, size: Int64, of descriptor: Int32, path: String) throws(QueueLogError) {
        let asidePath = path + ".damaged"
        let aside = open(asidePath, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard aside >= 0 else { throw QueueLogError("cannot set the queue log's damaged tail aside in \(asidePath)", errno: errno) }
        defer { close(aside) }
        var offset = start
        while offset < size {
            var chunk = [UInt8](repeating: 0, count: Int(min(size - offset, 1 << 20)))
            try read(&chunk, at: offset, from: descriptor, path: path)
            let written = chunk.withUnsafeBytes { Glibc.write(aside, $0.baseAddress, $0.count) }
            guard written == chunk.count else { throw QueueLogError("cannot write \(asidePath)", errno: errno) }
            offset += Int64(chunk.count)
        }
        guard fsync(aside) == 0, ftruncate(descriptor, off_t(start)) == 0, fsync(descriptor) == 0 else {
            throw QueueLogError("cannot cut the queue log's damaged tail off", errno: errno)
        }
    }

    /// Copies the bytes from `start` to `stop` of `source` to `target` at `offset`.
    private static func copy(
        from start: Int64, to stop: Int64, of source: Int32, path: String, into target: Int32, at offset: Int64, path targetPath: String
    ) throws(QueueLogError) {
        var position = start
        while position < stop {
            var chunk = [UInt8](repeating: 0, count: Int(min(stop - position, 1 << 20)))
            try read(&chunk, at: position, from: source, path: path)
            try write(chunk, at: offset + (position - start), to: target, path: targetPath)
            position += Int64(chunk.count)
        }
    }

    private static func size(of descriptor: Int32, path: String) throws(QueueLogError) -> Int64 {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw QueueLogError("cannot read the size of \(path)", errno: errno) }
        return Int64(status.st_size)
    }

    private static func read(_ bytes: inout [UInt8], at offset: Int64, from descriptor: Int32, path: String) throws(QueueLogError) {
        try transfer(bytes.count, at: offset, of: path, "read") { done in
            bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress.map { $0 + done }, $0.count - done, off_t(offset) + off_t(done)) }
        }
    }

    private static func write(_ bytes: [UInt8], at offset: Int64, to descriptor: Int32, path: String) throws(QueueLogError) {
        try transfer(bytes.count, at: offset, of: path, "write") { done in
            bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress.map { $0 + done }, $0.count - done, off_t(offset) + off_t(done)) }
        }
    }

    /// Calls `call` with the bytes done so far until `count` are (`pread` and `pwrite` may do
    /// fewer than asked, or be interrupted); a call that does none is an error saying `verb`.
    private static func transfer(_ count: Int, at offset: Int64, of path: String, _ verb: String, _ call: (_ done: Int) -> Int) throws(QueueLogError) {
        var done = 0
        while done < count {
            let moved = call(done)
            if moved < 0 && errno == EINTR { continue }
            guard moved > 0 else { throw QueueLogError("cannot \(verb) \(path) at \(offset + Int64(done))", errno: moved < 0 ? errno : nil) }
            done += moved
        }
    }

    /// Syncs the directory holding `path`, so that a rename in it is kept.
    private static func syncDirectory(of path: String) {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let descriptor = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}
