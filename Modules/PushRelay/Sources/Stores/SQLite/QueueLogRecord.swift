import CZlib

/// A record of the ``QueueLogFile`` read back (``QueueLogBatch`` says how each is written).
enum QueueLogRecord: Equatable {
    /// A notification queued for `key` as `id` at `time`; its payload is `payload` of the body.
    case queued(id: Int64, at: Double, key: String, payload: Range<Int>)
    /// `key`'s notifications up to and including `id` were removed.
    case removed(key: String, through: Int64)
    /// Every notification queued before `time` was removed.
    case expired(before: Double)
    /// The queue gives no id below this one.
    case idFloor(Int64)

    static let queuedKind: UInt8 = 1, removedKind: UInt8 = 2, expiredKind: UInt8 = 3, idFloorKind: UInt8 = 4
    /// The length and CRC-32 before each body.
    static let frameSize = 8
    /// No body is longer: a notification's largest payload with its id, time and key fits.
    static let maximumBodySize = 1 << 17
    /// The longest key a record holds (the relay's are 22 bytes).
    static let maximumKeySize = 1_024
    /// About what a queued notification's record holds besides its payload (a relay's key of 22 bytes).
    static let queuedOverhead = frameSize + 1 + 8 + 8 + 2 + 22

    /// What the next record of `bytes` (which start at a record) is: complete, cut short, or damaged.
    static func frame(in bytes: UnsafeRawBufferPointer) -> QueueLogFrame {
        guard bytes.count >= frameSize else { return .incomplete }
        let length = Int(bytes.loadLittleEndian(at: 0))
        guard length > 0, length <= maximumBodySize else { return .damaged("a record says its body is \(length) bytes") }
        guard bytes.count >= frameSize + length else { return .incomplete }
        let body = UnsafeRawBufferPointer(rebasing: bytes[frameSize..<(frameSize + length)])
        let checksum = UInt32(crc32(0, body.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt32(length)))
        guard checksum == bytes.loadLittleEndian(at: 4) else { return .damaged("a record's checksum does not match its body") }
        return .complete(frameSize + length)
    }

    /// The record in `body` (a complete frame's body, checksum checked).
    init(body: UnsafeRawBufferPointer) throws(QueueLogDamage) {
        var reader = BodyReader(body: body)
        switch try reader.byte() {
        case Self.queuedKind:
            let id = try reader.integer()
            let time = Double(bitPattern: UInt64(bitPattern: try reader.integer()))
            let key = try reader.key()
            self = .queued(id: id, at: time, key: key, payload: reader.position..<body.count)
        case Self.removedKind:
            let id = try reader.integer()
            self = .removed(key: try reader.key(), through: id)
            try reader.end()
        case Self.expiredKind:
            self = .expired(before: Double(bitPattern: UInt64(bitPattern: try reader.integer())))
            try reader.end()
        case Self.idFloorKind:
            self = .idFloor(try reader.integer())
            try reader.end()
        case let kind:
            throw QueueLogDamage("a record of unknown kind \(kind)")
        }
    }

    /// Reads a body's fields in order.
    private struct BodyReader {
        let body: UnsafeRawBufferPointer
        var position = 0

        mutating func byte() throws(QueueLogDamage) -> UInt8 {
            guard position < body.count else { throw QueueLogDamage("a record ends before its kind") }
            defer { position += 1 }
            return body[position]
        }

        mutating func integer() throws(QueueLogDamage) -> Int64 {
            guard body.count - position >= 8 else { throw QueueLogDamage("a record ends inside a number") }
            defer { position += 8 }
            return Int64(bitPattern: UInt64(littleEndian: body.loadUnaligned(fromByteOffset: position, as: UInt64.self)))
        }

        mutating func key() throws(QueueLogDamage) -> String {
            guard body.count - position >= 2 else { throw QueueLogDamage("a record ends before its key") }
            let length = Int(UInt16(littleEndian: body.loadUnaligned(fromByteOffset: position, as: UInt16.self)))
            position += 2
            guard length > 0, body.count - position >= length else { throw QueueLogDamage("a record's key is empty or cut short") }
            defer { position += length }
            return String(decoding: body[position..<(position + length)], as: UTF8.self)
        }

        func end() throws(QueueLogDamage) {
            guard position == body.count else { throw QueueLogDamage("a record has \(body.count - position) bytes past its fields") }
        }
    }
}

private extension UnsafeRawBufferPointer {
    func loadLittleEndian(at offset: Int) -> UInt32 {
        UInt32(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }
}
