import Foundation
import Persistence
import XCTest

/// Under steady writes the log stays bounded with the checkpointer (it grows without end when
/// nothing checkpoints), and every committed write is in the database afterwards.
final class WALCheckpointerTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
    }

    override func tearDown() {
        folder.remove()
    }

    /// Writes 1 KiB rows in batches for `seconds` with writers on four threads; the largest the log
    /// file was, and how many rows were committed.
    private func steadyWrites(checkpointing: Bool, seconds: Double) throws -> (largestLog: Int, committed: Int, stored: Int) {
        let url = folder.file(checkpointing ? "checkpointed.sqlite" : "unchecked.sqlite")
        let pool = try DatabasePool(url: url)
        try pool.write { try $0.executeScript("CREATE TABLE item (id INTEGER PRIMARY KEY, payload BLOB NOT NULL)") }
        try pool.writeWithoutTransaction { try $0.execute("PRAGMA wal_autocheckpoint = 0") }
        let writer = try BatchedWriter(pool: pool)
        let checkpointer = checkpointing ? try WALCheckpointer(pool: pool, writer: writer, interval: 0.05, restartPages: 256) : nil
        let deadline = Date().addingTimeInterval(seconds)
        let committed = SharedTally()
        let log = url.path + "-wal"
        // The log's size, sampled on a thread of its own while the writers write.
        let sampler = Thread {
            while Date() < deadline {
                committed.record(((try? FileManager.default.attributesOfItem(atPath: log))?[.size] as? NSNumber)?.intValue ?? 0)
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
        sampler.start()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            while Date() < deadline {
                if (try? writer.write({ try $0.execute("INSERT INTO item (payload) VALUES (randomblob(1024))") })) != nil { committed.add() }
            }
        }
        Thread.sleep(forTimeInterval: 0.05)
        writer.stop()
        checkpointer?.stop()
        let stored = try pool.read { try $0.scalar(Int.self, "SELECT count(*) FROM item") } ?? 0
        return (committed.largest, committed.value, stored)
    }

    func testTheLogStaysBoundedUnderSteadyWritesAndNothingIsLost() throws {
        let unchecked = try steadyWrites(checkpointing: false, seconds: 1.5)
        let checkpointed = try steadyWrites(checkpointing: true, seconds: 1.5)
        XCTAssertEqual(unchecked.stored, unchecked.committed)
        XCTAssertEqual(checkpointed.stored, checkpointed.committed, "every committed row is in the database")
        XCTAssertGreaterThan(checkpointed.committed, 1_000, "writes kept coming")
        XCTAssertLessThan(checkpointed.largestLog, 16 << 20, "restarted at 256 pages (1 MiB), it stays small: \(checkpointed)")
        XCTAssertGreaterThan(unchecked.largestLog, 2 * checkpointed.largestLog, "without a checkpointer the log only grows: \(unchecked) vs \(checkpointed)")
    }
}
