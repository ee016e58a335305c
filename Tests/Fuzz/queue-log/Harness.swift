// Fuzz target `queue-log`: bytes as the relay's queue log holds them after its magic, read
// record by record as a relay reads its log back when it starts. A complete record lies within
// the input and the limit, and every shorter prefix of it waits for more; a record that reads
// writes back to exactly its bytes (when its key is UTF-8); a queued payload lies within its
// body; damage has a reason; reading stops at the first record that is not whole. The input is
// also read as one record's body (checksums keep most mutated records from reaching the body's
// reader, so it is fuzzed on its own), and what reads writes back to it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQueueLog(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if bytes.count <= QueueLogRecord.maximumBodySize {
        checkWritesBack(body: bytes, framed: nil)
    }
    var position = 0
    while position < bytes.count {
        let rest = Array(bytes[position...])
        let frame = rest.withUnsafeBytes { QueueLogRecord.frame(in: $0) }
        guard case .complete(let length) = frame else {
            if case .damaged(let reason) = frame, reason.isEmpty { fatalError("damage without a reason") }
            if frame == .incomplete, rest.count >= QueueLogRecord.frameSize + QueueLogRecord.maximumBodySize { fatalError("\(rest.count) bytes and still waiting") }
            return 0
        }
        if length > rest.count || length <= QueueLogRecord.frameSize || length > QueueLogRecord.frameSize + QueueLogRecord.maximumBodySize {
            fatalError("a record of \(length) bytes in \(rest.count)")
        }
        for cut in [0, 1, QueueLogRecord.frameSize, length / 2, length - 1] where cut < length {
            let prefix = Array(rest.prefix(cut))
            if prefix.withUnsafeBytes({ QueueLogRecord.frame(in: $0) }) != .incomplete { fatalError("\(cut) bytes of a \(length)-byte record did not wait") }
        }
        let body = Array(rest[QueueLogRecord.frameSize..<length])
        guard checkWritesBack(body: body, framed: Array(rest.prefix(length))) else { return 0 }
        position += length
    }
    return 0
}

/// Reads `body` as a record's body; when it reads, checks that it writes back to `framed` (the
/// frame and body it came in), or to a frame around `body`. Whether it read.
@discardableResult
func checkWritesBack(body: [UInt8], framed: [UInt8]?) -> Bool {
    guard let record = body.withUnsafeBytes({ try? QueueLogRecord(body: $0) }) else { return false }
    var batch = QueueLogBatch(start: 0)
    var keyBytes: ArraySlice<UInt8> = []
    switch record {
    case let .queued(id, time, key, payload):
        if payload.lowerBound < 19 || payload.upperBound != body.count { fatalError("a payload at \(payload) of a \(body.count)-byte body") }
        keyBytes = body[19..<payload.lowerBound]
        _ = batch.queued(id: id, at: time, key: key, payload: Array(body[payload]))
    case let .removed(key, id):
        keyBytes = body[11...]
        batch.removed(from: key, through: id)
    case let .expired(time):
        batch.expired(before: time)
    case let .idFloor(id):
        batch.idFloor(id)
    }
    let keyIsText: Bool
    switch record {
    case let .queued(_, _, key, _), let .removed(key, _): keyIsText = Array(key.utf8) == Array(keyBytes)
    case .expired, .idFloor: keyIsText = true
    }
    if keyIsText && Array(batch.bytes.dropFirst(QueueLogRecord.frameSize)) != body { fatalError("\(record) does not write back to its body") }
    if keyIsText, let framed, batch.bytes != framed { fatalError("\(record) does not write back to its frame") }
    return true
}
