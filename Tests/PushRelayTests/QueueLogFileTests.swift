import Foundation
import XCTest
@testable import PushRelay

/// The queue log on disk: records read back in order after a reopen, a tail cut short or
/// damaged set aside (never read as records, never lost), a file that is not a log refused and
/// left alone, a failed start begun again, and compaction.
final class QueueLogFileTests: XCTestCase {
    private let path = FileManager.default.temporaryDirectory.appendingPathComponent("queue-log-\(UUID().uuidString)").path

    override func tearDown() {
        for suffix in ["", ".damaged", ".compacting"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// Opens the log; every record read back with its body's position.
    private func open() throws -> (file: QueueLogFile, records: [(QueueLogRecord, Int64)]) {
        var records: [(QueueLogRecord, Int64)] = []
        let file = try QueueLogFile(path: path) { records.append(($0, $1)) }
        return (file, records)
    }

    /// Appends one notification per key in `keys` (payload "KEYi"); their payload positions.
    @discardableResult
    private func queue(_ keys: [String], from id: Int64, in file: QueueLogFile) throws -> [Int64] {
        var batch = QueueLogBatch(start: file.end)
        let positions = keys.enumerated().map { index, key in
            batch.queued(id: id + Int64(index), at: Double(index), key: key, payload: Array("\(key)\(index)".utf8))
        }
        try file.append(batch)
        return positions
    }

    private func payload(_ file: QueueLogFile, at position: Int64, bytes: Int) throws -> String {
        String(decoding: try file.reading { try $0(position, bytes) }, as: UTF8.self)
    }

    private func bytes() throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    func testANewLogIsPrivateAndHoldsItsMagicOnly() throws {
        let (file, records) = try open()
        XCTAssertTrue(records.isEmpty)
        XCTAssertEqual(file.end, 8)
        XCTAssertEqual(try bytes(), QueueLogFile.magic)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
    }

    func testRecordsReadBackInOrderAndPayloadsWhereTheirPositionsSay() throws {
        let first = try open().file
        let positions = try queue(["a", "b"], from: 1, in: first)
        var batch = QueueLogBatch(start: first.end)
        batch.removed(from: "a", through: 1)
        try first.append(batch)
        XCTAssertEqual(try payload(first, at: positions[1], bytes: 2), "b1")
        let (file, records) = try open()
        XCTAssertEqual(file.end, first.end)
        XCTAssertEqual(records.map(\.0), [
            .queued(id: 1, at: 0, key: "a", payload: 20..<22), .queued(id: 2, at: 1, key: "b", payload: 20..<22), .removed(key: "a", through: 1),
        ])
        XCTAssertEqual(records[0].1 + 20, positions[0], "the body's position, plus the payload's place in it")
        XCTAssertEqual(try payload(file, at: positions[0], bytes: 2), "a0")
        XCTAssertEqual(file.setAside, 0)
    }

    func testATailCutShortIsSetAsideAndTheNextBatchGoesWhereItWould() throws {
        let first = try open().file
        try queue(["a"], from: 1, in: first)
        let whole = first.end
        try queue(["b"], from: 2, in: first)
        let written = try bytes()
        try Data(written.prefix(Int(whole) + 5)).write(to: URL(fileURLWithPath: path))
        let (file, records) = try open()
        XCTAssertEqual(records.count, 1, "the cut record is not read")
        XCTAssertEqual(file.setAside, 5)
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: path + ".damaged"))), Array(written[Int(whole)..<(Int(whole) + 5)]), "nothing is lost")
        XCTAssertEqual(try bytes().count, Int(whole), "the log is cut where its last whole record ends")
        try queue(["c"], from: 3, in: file)
        XCTAssertEqual(try open().records.map(\.0), [.queued(id: 1, at: 0, key: "a", payload: 20..<22), .queued(id: 3, at: 0, key: "c", payload: 20..<22)])
    }

    func testADamagedRecordEndsTheLogAndWhatFollowsIsSetAsideWhole() throws {
        let first = try open().file
        try queue(["a"], from: 1, in: first)
        let whole = Int(first.end)
        try queue(["b", "c"], from: 2, in: first)
        var written = try bytes()
        written[whole + 12] ^= 1
        try Data(written).write(to: URL(fileURLWithPath: path))
        let (file, records) = try open()
        XCTAssertEqual(records.count, 1)
        XCTAssertEqual(file.setAside, Int64(written.count - whole))
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: path + ".damaged"))), Array(written[whole...]))
    }

    func testATooLongLengthEndsTheLogRatherThanBeingWaitedFor() throws {
        let first = try open().file
        try queue(["a"], from: 1, in: first)
        let garbage: [UInt8] = [0xff, 0xff, 0xff, 0x7f] + [UInt8](repeating: 0, count: 100)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: garbage)
        try handle.close()
        let (file, records) = try open()
        XCTAssertEqual(records.count, 1)
        XCTAssertEqual(file.setAside, Int64(garbage.count))
    }

    func testManyBatchesAcrossTheReadBufferReadBackWhole() throws {
        let first = try open().file
        let payload = [UInt8](repeating: 0x61, count: 60_000)
        for id in 1...40 {
            var batch = QueueLogBatch(start: first.end)
            _ = batch.queued(id: Int64(id), at: 0, key: "k\(id % 3)", payload: payload)
            try first.append(batch)
        }
        let (file, records) = try open()
        XCTAssertEqual(records.count, 40, "2.4 MB, read a megabyte at a time, records straddling the reads")
        XCTAssertEqual(file.setAside, 0)
        guard case let .queued(id, _, _, range) = records[39].0 else { return XCTFail() }
        XCTAssertEqual(id, 40)
        XCTAssertEqual(try file.reading { try $0(records[39].1 + Int64(range.lowerBound), range.count) }, payload)
    }

    func testAFileThatIsNotAQueueLogIsRefusedAndLeftAlone() throws {
        let text = Array("SQLite format 3\u{0}and more".utf8)
        try Data(text).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try open()) { XCTAssertEqual("\($0)", "\(path) is not a queue log") }
        XCTAssertEqual(try bytes(), text)
        try Data(Array("HC".utf8) + [0]).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try open(), "three bytes that are not the start of the magic")
    }

    func testALogStoppedBeforeItsFirstBytesWereWrittenStartsAfresh() throws {
        try Data(Array("HCQU".utf8)).write(to: URL(fileURLWithPath: path))
        let (file, records) = try open()
        XCTAssertTrue(records.isEmpty)
        XCTAssertEqual(file.end, 8)
        XCTAssertEqual(file.setAside, 0)
        XCTAssertEqual(try bytes(), QueueLogFile.magic)
    }

    func testCompactionKeepsTheLiveNotificationsInOrderWithTheIdFloorAndWhatCameWhileItCopied() throws {
        let file = try open().file
        let positions = try queue(["a", "b", "a", "c"], from: 10, in: file)
        let live: [(key: String, entry: QueueEntry)] = [
            ("b", QueueEntry(id: 11, bytes: 2, position: positions[1], time: 1)),
            ("c", QueueEntry(id: 13, bytes: 2, position: positions[3], time: 3)),
        ]
        let copy = try file.copyLive(live, nextID: 20, copiedThrough: file.end)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path + ".compacting"))
        XCTAssertEqual(copy.runStarts.count, 2, "b and c were not neighbours: a's notification lay between them")
        // The writer goes on meanwhile.
        let later = try queue(["d"], from: 20, in: file)[0]
        let before = file.end
        try file.finish(copy)
        XCTAssertLessThan(file.end, before)
        XCTAssertEqual(try payload(file, at: positions[1], bytes: 2), "b1", "a position not moved yet is read from the file the copy replaced")
        file.closePrevious()
        XCTAssertEqual(try payload(file, at: copy.newPosition(of: positions[1]), bytes: 2), "b1")
        XCTAssertEqual(try payload(file, at: copy.newPosition(of: positions[3]), bytes: 2), "c3")
        XCTAssertEqual(try payload(file, at: copy.newPosition(of: later), bytes: 2), "d0", "appended while the copy was made")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".compacting"))
        let records = try open().records.map(\.0)
        XCTAssertEqual(records, [
            .idFloor(20), .queued(id: 11, at: 1, key: "b", payload: 20..<22), .queued(id: 13, at: 3, key: "c", payload: 20..<22),
            .queued(id: 20, at: 0, key: "d", payload: 20..<22),
        ])
        try queue(["e"], from: 21, in: file)
        XCTAssertEqual(try open().records.count, 5, "appends go on after the compacted records")
    }

    func testTheCopyCatchesUpWithMuchAppendedMeanwhileAndLeavesTheWriterLittle() throws {
        let file = try open().file
        let first = try queue(["a"], from: 1, in: file)[0]
        let through = file.end
        let big = [UInt8](repeating: 0x62, count: 60_000)
        var appended: [Int64] = []
        for id in Int64(2)...40 {
            var batch = QueueLogBatch(start: file.end)
            appended.append(batch.queued(id: id, at: 0, key: "b", payload: big))
            try file.append(batch)
        }
        let copy = try file.copyLive([("a", QueueEntry(id: 1, bytes: 2, position: first, time: 0))], nextID: 41, copiedThrough: through)
        XCTAssertEqual(copy.caughtUpThrough, file.end, "2.3 MB appended since the live records were taken, copied beside the writer")
        try file.finish(copy)
        file.closePrevious()
        XCTAssertEqual(try payload(file, at: copy.newPosition(of: first), bytes: 2), "a0")
        XCTAssertEqual(try file.reading { try $0(copy.newPosition(of: appended[38]), big.count) }, big)
        XCTAssertEqual(try open().records.count, 41)
    }

    func testACopyOfRecordsOutOfIdOrderIsRefused() throws {
        let file = try open().file
        let positions = try queue(["a", "b"], from: 1, in: file)
        let live: [(key: String, entry: QueueEntry)] = [
            ("b", QueueEntry(id: 1, bytes: 2, position: positions[1], time: 0)), ("a", QueueEntry(id: 2, bytes: 2, position: positions[0], time: 0)),
        ]
        XCTAssertThrowsError(try file.copyLive(live, nextID: 3, copiedThrough: file.end))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".compacting"))
    }

    func testAnAbandonedCopyLeavesTheLogAsItWas() throws {
        let file = try open().file
        try queue(["a"], from: 1, in: file)
        let written = try bytes()
        let copy = try file.copyLive([], nextID: 2, copiedThrough: file.end)
        file.abandon(copy)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".compacting"))
        XCTAssertEqual(try bytes(), written)
    }
}
