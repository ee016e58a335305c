import Foundation
import Persistence
import XCTest

/// A writer killed with SIGKILL in the middle of its loop loses no committed row and leaves no
/// uncommitted one.
final class CrashTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
    }

    override func tearDownWithError() throws {
        folder.remove()
    }

    /// Runs the crash writer until it has reported `commits` commits, then kills it; returns the
    /// last number it reported.
    private func runAndKill(mode: String, file: URL, commits: Int) throws -> Int {
        // swift test builds the helper next to the test bundle it runs.
        let writer = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("persistence-crash-writer")
        guard FileManager.default.isExecutableFile(atPath: writer.path) else {
            throw DatabaseError(code: 0, message: "the crash writer was not built at \(writer.path)")
        }
        let process = Process()
        process.executableURL = writer
        process.arguments = [mode, file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var buffer = Data()
        var last = 0
        while last < commits {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            buffer.append(chunk)
            let lines = String(decoding: buffer, as: UTF8.self).split(separator: "\n")
            if let number = lines.last(where: { _ in true }).flatMap({ Int($0.split(separator: " ").last ?? "") }) {
                last = number
            }
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        // What the writer printed after the last chunk read and before the kill landed counts too:
        // without it, commits made meanwhile look like more than "the one in flight".
        buffer.append(output.fileHandleForReading.readDataToEndOfFile())
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        // A line may have been cut by the kill; the last complete one is what was reported.
        let complete = String(decoding: buffer, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
            .filter { $0.hasPrefix("committed ") || $0.hasPrefix("enqueued ") }
            .compactMap { Int($0.split(separator: " ")[1]) }
        return complete.last ?? 0
    }

    func testKilledJournalWriterKeepsEveryCommittedTransactionWhole() throws {
        let file = folder.file("journal.sqlite")
        let reported = try runAndKill(mode: "journal", file: file, commits: 200)
        XCTAssertGreaterThanOrEqual(reported, 200)
        let pool = try DatabasePool(url: file)
        XCTAssertEqual(try pool.read { try $0.scalar(String.self, "PRAGMA integrity_check") }, "ok")
        let groups = try pool.read { database in
            try database.rows("SELECT txn, count(*) AS n FROM journal GROUP BY txn ORDER BY txn")
        }
        let numbers = groups.compactMap { $0.get("txn", as: Int.self) }
        XCTAssertEqual(Array(numbers.prefix(reported)), Array(1...reported), "every reported commit is there")
        XCTAssertLessThanOrEqual(numbers.count, reported + 1, "at most the commit in flight when killed")
        XCTAssertTrue(groups.allSatisfy { $0.get("n", as: Int.self) == 10 }, "no transaction is there in part")
    }

    func testKilledOutboxWriterLosesNoEnqueuedMessage() throws {
        let file = folder.file("outbox.sqlite")
        let reported = try runAndKill(mode: "outbox", file: file, commits: 200)
        let pool = try DatabasePool(url: file)
        XCTAssertEqual(try pool.read { try $0.scalar(String.self, "PRAGMA integrity_check") }, "ok")
        let payloads = try Outbox(pool: pool, queue: "crash").nextBatch(limit: 100_000)
            .map { String(decoding: $0.payload, as: UTF8.self) }
        let numbers = Set(payloads.compactMap { Int($0.split(separator: " ")[1]) })
        // Every seventh message coalesces under one key, so only the newest of those remains.
        let expected = Set((1...reported).filter { $0 % 7 != 0 })
        XCTAssertTrue(expected.isSubset(of: numbers), "missing: \(expected.subtracting(numbers).sorted().prefix(5))")
        XCTAssertEqual(payloads.filter { Int($0.split(separator: " ")[1]).map { $0 % 7 == 0 } ?? false }.count, 1)
    }
}
