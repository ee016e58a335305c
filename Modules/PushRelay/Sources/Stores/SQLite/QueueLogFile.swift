import Glibc

/// The queue's notifications on disk: one file (0600) of records appended in batches, each batch
/// one `pwrite` (``QueueLogBatch``), read back in order when the relay starts. A batch that
/// reached the file survives the relay crashing, as a commit of the relay's SQLite file in its
/// `synchronous = NORMAL` does; the last moments can be lost if the machine loses power.
/// Payloads are read where they lie. Acknowledged, dropped and expired notifications stay in
/// the file until it is compacted: the live notifications copied, in id order, to a new file
/// beside it while appends go on (``copyLive(_:nextID:copiedThrough:)``), then what was appended
/// meanwhile added and the copy, synced, renamed over the log between two batches (``finish(_:moved:)``).
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
    /// Bytes of a damaged or cut short tail set aside when the file was opened.
    let setAside: Int64
    // Guarded by `lock` for readers; changed only by compaction, holding it.
    @exclusivity(unchecked) private var descriptor: Int32
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
            setAside = size - end
            if setAside > 0 { try Self.setAside(from: end, size: size, of: descriptor, path: path) }
        } catch {
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

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
    }

    /// Waits until what was appended is on the disk, not only in the system's cache.
    func sync() throws(QueueLogError) {
        guard fsync(descriptor) == 0 else { throw QueueLogError("cannot sync the queue log \(path)", errno: errno) }
    }

    /// Runs `body` with a reader of payloads (`bytes` at a position) that no compaction moves meanwhile.
    func reading<Result>(_ body: (_ payload: (_ position: Int64, _ bytes: Int) throws -> [UInt8]) throws -> Result) throws -> Result {
        try lock.withLock {
            try body { position, bytes in
                var payload = [UInt8](repeating: 0, count: bytes)
                try Self.read(&payload, at: position, from: descriptor, path: path)
                return payload
            }
        }
    }

    /// Copies the live notifications (`live`, in id order: all that the index held when the log
    /// ended at `copiedThrough`) with `nextID` as the id floor to a new file beside this one, and
    /// syncs it. Runs beside the writer, which goes on appending: it reads only records written
    /// before.
    func copyLive(_ live: [(key: String, entry: QueueEntry)], nextID: Int64, copiedThrough: Int64) throws(QueueLogError) -> QueueLogCompaction {
        let source = lock.withLock { descriptor }
        let newPath = path + ".compacting"
        let target = open(newPath, O_RDWR | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard target >= 0 else { throw QueueLogError("cannot create \(newPath)", errno: errno) }
        var positions: [Int64] = []
        positions.reserveCapacity(live.count)
        var written = Int64(Self.magic.count)
        do throws(QueueLogError) {
            try Self.write(Self.magic, at: 0, to: target, path: newPath)
            var batch = QueueLogBatch(start: written)
            batch.idFloor(nextID)
            for (key, entry) in live {
                var payload = [UInt8](repeating: 0, count: entry.bytes)
                try Self.read(&payload, at: entry.position, from: source, path: path)
                positions.append(batch.queued(id: entry.id, at: entry.time, key: key, payload: payload))
                if batch.bytes.count >= 1 << 20 {
                    try Self.write(batch.bytes, at: written, to: target, path: newPath)
                    written += Int64(batch.bytes.count)
                    batch = QueueLogBatch(start: written)
                }
            }
            try Self.write(batch.bytes, at: written, to: target, path: newPath)
            written += Int64(batch.bytes.count)
            guard fsync(target) == 0 else { throw QueueLogError("cannot sync \(newPath)", errno: errno) }
        } catch {
            close(target)
            unlink(newPath)
            throw error
        }
        return QueueLogCompaction(
            descriptor: target, path: newPath, written: written, copiedThrough: copiedThrough, ids: live.map(\.entry.id), positions: positions
        )
    }

    /// On the writer's thread: appends the records written since the copy began to it, puts it in
    /// place of this file, and, holding the readers' lock, has `moved` give the index the
    /// payloads' new positions (records after the copied ones moved by the shift it is handed).
    func finish(_ compaction: QueueLogCompaction, moved: (_ shift: Int64) -> Void) throws(QueueLogError) {
        let shift = compaction.written - compaction.copiedThrough
        do throws(QueueLogError) {
            var offset = compaction.copiedThrough
            while offset < end {
                var chunk = [UInt8](repeating: 0, count: Int(min(end - offset, 1 << 20)))
                try Self.read(&chunk, at: offset, from: descriptor, path: path)
                try Self.write(chunk, at: offset + shift, to: compaction.descriptor, path: compaction.path)
                offset += Int64(chunk.count)
            }
            guard fsync(compaction.descriptor) == 0 else { throw QueueLogError("cannot sync \(compaction.path)", errno: errno) }
            guard rename(compaction.path, path) == 0 else { throw QueueLogError("cannot move \(compaction.path) over the queue log", errno: errno) }
        } catch {
            abandon(compaction)
            throw error
        }
        Self.syncDirectory(of: path)
        lock.withLock {
            close(descriptor)
            descriptor = compaction.descriptor
            moved(shift)
        }
        end += shift
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

    private static func size(of descriptor: Int32, path: String) throws(QueueLogError) -> Int64 {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw QueueLogError("cannot read the size of \(path)", errno: errno) }
        return Int64(status.st_size)
    }

    private static func read(_ bytes: inout [UInt8], at offset: Int64, from descriptor: Int32, path: String) throws(QueueLogError) {
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress.map { $0 + done }, $0.count - done, off_t(offset) + off_t(done)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw QueueLogError("cannot read \(path) at \(offset + Int64(done))", errno: count < 0 ? errno : nil) }
            done += count
        }
    }

    private static func write(_ bytes: [UInt8], at offset: Int64, to descriptor: Int32, path: String) throws(QueueLogError) {
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress.map { $0 + done }, $0.count - done, off_t(offset) + off_t(done)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw QueueLogError("cannot write \(path) at \(offset + Int64(done))", errno: count < 0 ? errno : nil) }
            done += count
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
