import Foundation
import Persistence
import XCTest

/// Group commit: many writers, one transaction per batch, each caller back only after its batch
/// committed, and a bad write failing alone.
final class BatchedWriterTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var pool: DatabasePool!
    private var writer: BatchedWriter!

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        pool = try DatabasePool(url: folder.file("batched.sqlite"))
        try pool.write { try $0.executeScript("CREATE TABLE item (id INTEGER PRIMARY KEY, value INTEGER NOT NULL UNIQUE)") }
        writer = try BatchedWriter(pool: pool)
    }

    override func tearDownWithError() throws {
        writer.stop()
        pool = nil
        folder.remove()
    }

    private func values() throws -> [Int] {
        try pool.read { try $0.rows("SELECT value FROM item ORDER BY id").compactMap { $0.get("value", as: Int.self) } }
    }

    func testConcurrentWritesAreCommittedWhenTheyReturn() throws {
        let pool = pool!, writer = writer!
        let visible = ManagedFlags()
        DispatchQueue.concurrentPerform(iterations: 400) { index in
            do {
                try writer.write { try $0.execute("INSERT INTO item (value) VALUES (?)", index) }
                let stored = try pool.read { try $0.scalar(Int.self, "SELECT count(*) FROM item WHERE value = ?", index) }
                visible.set(index, stored == 1)
            } catch {
                visible.set(index, false)
            }
        }
        XCTAssertEqual(visible.trueCount, 400, "every write is readable by another connection once write returns")
        XCTAssertEqual(Set(try values()), Set(0..<400))
    }

    func testWritesRunInTheOrderSubmitted() throws {
        let pending = (0..<50).map { index in writer.submitted { try $0.execute("INSERT INTO item (value) VALUES (?)", index) } }
        try pending.forEach { try $0.wait() }
        XCTAssertEqual(try values(), Array(0..<50))
    }

    func testABadWriteFailsAloneAndItsBatchIsRetriedWithoutIt() throws {
        let gate = DispatchSemaphore(value: 0)
        // Holds the writer so the next three land in one batch (the gate stays open once
        // opened: a failed batch runs its writes again one by one).
        let blocker = writer.submitted { _ in
            gate.wait()
            gate.signal()
        }
        let good1 = writer.submitted { try $0.execute("INSERT INTO item (value) VALUES (1)") }
        let bad = writer.submitted { try $0.execute("INSERT INTO item (value) VALUES (1)") }
        let good2 = writer.submitted { try $0.execute("INSERT INTO item (value) VALUES (2)") }
        gate.signal()
        try blocker.wait()
        XCTAssertNoThrow(try good1.wait())
        XCTAssertThrowsError(try bad.wait()) { error in
            XCTAssertTrue("\(error)".contains("UNIQUE"), "\(error)")
        }
        XCTAssertNoThrow(try good2.wait())
        XCTAssertEqual(try values(), [1, 2])
    }

    func testCompletionsRunAfterCommitAndAStoppedWriterRefuses() throws {
        let committed = expectation(description: "completion")
        let pool = pool!
        writer.submit({ try $0.execute("INSERT INTO item (value) VALUES (7)") }) { error in
            XCTAssertNil(error)
            XCTAssertEqual(try? pool.read { try $0.scalar(Int.self, "SELECT count(*) FROM item") }, 1)
            committed.fulfill()
        }
        wait(for: [committed], timeout: 5)
        writer.stop()
        let refused = expectation(description: "refused")
        writer.submit({ try $0.execute("INSERT INTO item (value) VALUES (8)") }) { error in
            XCTAssertTrue("\(String(describing: error))".contains("stopped"))
            refused.fulfill()
        }
        wait(for: [refused], timeout: 5)
        XCTAssertEqual(try values(), [7])
    }

    func testALingeringBatchWaitsUntilItIsFull() throws {
        writer.stop()
        writer = try BatchedWriter(pool: pool, linger: 30, fullBatch: 4)
        let runs = SharedTally()
        // The fourth write fails: the batch is retried write by write, so the first three run
        // twice if and only if they waited for the fourth in one batch.
        let first = writer.submitted { database in
            runs.add()
            try database.execute("INSERT INTO item (value) VALUES (1)")
        }
        let second = writer.submitted { try $0.execute("INSERT INTO item (value) VALUES (2)") }
        let third = writer.submitted { try $0.execute("INSERT INTO item (value) VALUES (3)") }
        let bad = writer.submitted { try $0.execute("INSERT INTO item (value) VALUES (1)") }
        try first.wait()
        try second.wait()
        try third.wait()
        XCTAssertThrowsError(try bad.wait())
        XCTAssertEqual(runs.value, 2, "the first write ran in the full batch, then alone")
        XCTAssertEqual(try values(), [1, 2, 3])
    }

    func testStoppingDoesNotWaitOutTheLinger() throws {
        writer.stop()
        writer = try BatchedWriter(pool: pool, linger: 30, fullBatch: 100)
        let lone = writer.submitted { try $0.execute("INSERT INTO item (value) VALUES (9)") }
        let started = Date()
        writer.stop()
        try lone.wait()
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "stop commits the lingering batch at once, not after 30 s")
        XCTAssertEqual(try values(), [9])
    }
}
