import CZlib

/// Records for the ``QueueLogFile``, laid out in memory before one write appends them all: each
/// record is framed by its body's length and CRC-32 (both 32-bit little-endian), so that a
/// record cut short by a crash, or damaged, is found when the log is read back.
///
/// Bodies, after a one-byte kind (integers little-endian, times as the bits of a `Double`):
/// queued `1, id, time, key length (16 bits), key, payload`; removed `2, through id, key length,
/// key`; expired `3, time`; id floor `4, id`.
struct QueueLogBatch {
    /// Where the batch's first byte goes, as payload positions say it (``QueueLogFile/batchStart``).
    let start: Int64
    private(set) var bytes: [UInt8] = []

    init(start: Int64) {
        self.start = start
    }

    /// Appends a queued notification; where its payload lies in the file.
    mutating func queued(id: Int64, at time: Double, key: String, payload: [UInt8]) -> Int64 {
        var position = 0
        record(kind: QueueLogRecord.queuedKind) { body in
            body.append(id)
            body.append(time.bitPattern)
            body.append(key: key)
            position = body.count
            body.append(contentsOf: payload)
        }
        return start + Int64(position)
    }

    /// Appends the removal of `key`'s notifications up to and including `id`.
    mutating func removed(from key: String, through id: Int64) {
        record(kind: QueueLogRecord.removedKind) { body in
            body.append(id)
            body.append(key: key)
        }
    }

    /// Appends the removal of every notification queued before `time`.
    mutating func expired(before time: Double) {
        record(kind: QueueLogRecord.expiredKind) { $0.append(time.bitPattern) }
    }

    /// Appends the lowest id the queue may give next.
    mutating func idFloor(_ id: Int64) {
        record(kind: QueueLogRecord.idFloorKind) { $0.append(id) }
    }

    /// Frames the body that `fill` appends after `kind`.
    private mutating func record(kind: UInt8, _ fill: (inout [UInt8]) -> Void) {
        let frame = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: QueueLogRecord.frameSize))
        bytes.append(kind)
        fill(&bytes)
        let length = bytes.count - frame - QueueLogRecord.frameSize
        let checksum = bytes.withUnsafeBufferPointer { buffer in
            UInt32(crc32(0, buffer.baseAddress.map { $0 + frame + QueueLogRecord.frameSize }, UInt32(length)))
        }
        bytes.store(UInt32(length), at: frame)
        bytes.store(checksum, at: frame + 4)
    }
}

private extension [UInt8] {
    mutating func append(_ value: some FixedWidthInteger) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }

    mutating func append(key: String) {
        var key = key
        key.withUTF8 { utf8 in
            append(UInt16(utf8.count))
            append(contentsOf: utf8)
        }
    }

    mutating func store(_ value: UInt32, at index: Int) {
        Swift.withUnsafeBytes(of: value.littleEndian) { for (offset, byte) in $0.enumerated() { self[index + offset] = byte } }
    }
}
