import XCTest
@testable import PushRelay

/// The queue log's records as bytes: each kind written and read back, and what is not a record
/// (cut short, too long, damaged, malformed) said so.
final class QueueLogRecordTests: XCTestCase {
    /// The records of `batch`'s bytes, read as the log reads them back.
    private func records(_ bytes: [UInt8]) throws -> [QueueLogRecord] {
        var found: [QueueLogRecord] = []
        var position = 0
        while position < bytes.count {
            let frame = bytes.withUnsafeBytes { QueueLogRecord.frame(in: UnsafeRawBufferPointer(rebasing: $0[position...])) }
            guard case .complete(let length) = frame else { throw QueueLogDamage("\(frame) at \(position)") }
            found.append(try body(Array(bytes[(position + QueueLogRecord.frameSize)..<(position + length)])).get())
            position += length
        }
        return found
    }

    private func frame(_ bytes: [UInt8]) -> QueueLogFrame {
        bytes.withUnsafeBytes { QueueLogRecord.frame(in: $0) }
    }

    private func body(_ bytes: [UInt8]) -> Result<QueueLogRecord, QueueLogDamage> {
        bytes.withUnsafeBytes { body in
            do throws(QueueLogDamage) {
                return .success(try QueueLogRecord(body: body))
            } catch {
                return .failure(error)
            }
        }
    }

    func testEachKindReadsBackAsWrittenAndAQueuedPayloadLiesWhereTheBatchSaid() throws {
        var batch = QueueLogBatch(start: 100)
        let payload = Array(#"{"message":"hi"}"#.utf8)
        let position = batch.queued(id: 7, at: 1_796_126_400.25, key: "k3yk3yk3yk3yk3yk3yk3yk", payload: payload)
        batch.removed(from: "k3yk3yk3yk3yk3yk3yk3yk", through: 7)
        batch.expired(before: 1_796_126_000.5)
        batch.idFloor(42)
        let read = try records(batch.bytes)
        XCTAssertEqual(read.count, 4)
        guard case let .queued(id, time, key, range) = read[0] else { return XCTFail("\(read[0])") }
        XCTAssertEqual([id, Int64(time * 4)], [7, 7_184_505_601])
        XCTAssertEqual(key, "k3yk3yk3yk3yk3yk3yk3yk")
        let bodyStart = QueueLogRecord.frameSize
        XCTAssertEqual(Array(batch.bytes[(bodyStart + range.lowerBound)..<(bodyStart + range.upperBound)]), payload)
        XCTAssertEqual(position, 100 + Int64(bodyStart + range.lowerBound), "the file position the index keeps")
        XCTAssertEqual(Array(read[1...]), [.removed(key: "k3yk3yk3yk3yk3yk3yk3yk", through: 7), .expired(before: 1_796_126_000.5), .idFloor(42)])
    }

    func testAnEmptyPayloadIsARecordToo() throws {
        var batch = QueueLogBatch(start: 8)
        _ = batch.queued(id: 1, at: 0, key: "a", payload: [])
        guard case let .queued(_, _, _, range) = try records(batch.bytes)[0] else { return XCTFail() }
        XCTAssertTrue(range.isEmpty)
    }

    func testEveryCutShortRecordWaitsForMore() {
        var batch = QueueLogBatch(start: 8)
        _ = batch.queued(id: 1, at: 0, key: "a", payload: Array("payload".utf8))
        XCTAssertEqual(frame(batch.bytes), .complete(batch.bytes.count))
        for cut in 0..<batch.bytes.count {
            XCTAssertEqual(frame(Array(batch.bytes.prefix(cut))), .incomplete, "\(cut) bytes")
        }
    }

    func testALengthOfNothingOrOverTheLimitIsDamageNotAWait() {
        let tooLong = UInt32(QueueLogRecord.maximumBodySize + 1)
        XCTAssertEqual(frame(withUnsafeBytes(of: tooLong.littleEndian) { Array($0) } + [0, 0, 0, 0]), .damaged("a record says its body is 131073 bytes"))
        XCTAssertEqual(frame([0, 0, 0, 0, 0, 0, 0, 0, 1]), .damaged("a record says its body is 0 bytes"))
    }

    func testAChangedByteIsFoundByTheChecksum() {
        var batch = QueueLogBatch(start: 8)
        _ = batch.queued(id: 1, at: 0, key: "a", payload: Array("payload".utf8))
        for index in QueueLogRecord.frameSize..<batch.bytes.count {
            var damaged = batch.bytes
            damaged[index] ^= 0x20
            XCTAssertEqual(frame(damaged), .damaged("a record's checksum does not match its body"), "byte \(index)")
        }
    }

    func testMalformedBodiesAreRefusedWithTheirReason() {
        let one = [UInt8](repeating: 1, count: 8)
        XCTAssertEqual(body([]), .failure(QueueLogDamage("a record ends before its kind")))
        XCTAssertEqual(body([9]), .failure(QueueLogDamage("a record of unknown kind 9")))
        XCTAssertEqual(body([1, 0, 0]), .failure(QueueLogDamage("a record ends inside a number")))
        XCTAssertEqual(body([1] + one + one + [5]), .failure(QueueLogDamage("a record ends before its key")))
        XCTAssertEqual(body([1] + one + one + [0, 0]), .failure(QueueLogDamage("a record's key is empty or cut short")))
        XCTAssertEqual(body([2] + one + [3, 0, 97]), .failure(QueueLogDamage("a record's key is empty or cut short")))
        XCTAssertEqual(body([3] + one + [0]), .failure(QueueLogDamage("a record has 1 bytes past its fields")))
        XCTAssertEqual(body([4] + one + one), .failure(QueueLogDamage("a record has 8 bytes past its fields")))
        XCTAssertEqual(body([2] + one + [1, 0, 97, 98]), .failure(QueueLogDamage("a record has 1 bytes past its fields")))
    }
}
