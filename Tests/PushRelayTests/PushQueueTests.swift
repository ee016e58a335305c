import Essentials
import Foundation
import Persistence
import XCTest
@testable import PushRelay

/// The relay's durable queue: rows read and removed by id and checked against their key, the
/// time to live, the purge, the index of an earlier relay dropped, and rows an earlier relay left
/// in the general outbox.
final class PushQueueTests: XCTestCase {
    private let file = FileManager.default.temporaryDirectory.appendingPathComponent("queue-\(UUID().uuidString).sqlite")
    private let start = Date(timeIntervalSince1970: 1_796_126_400)

    override func tearDown() {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
    }

    private func pool(before: ((DatabasePool) throws -> Void)? = nil) throws -> DatabasePool {
        let pool = try DatabasePool(url: file)
        var outboxOnly = DatabaseMigrator()
        Outbox.registerMigrations(in: &outboxOnly)
        _ = try outboxOnly.migrate(pool)
        try before?(pool)
        var migrator = DatabaseMigrator()
        Outbox.registerMigrations(in: &migrator)
        LocalDelivery.registerMigrations(in: &migrator)
        _ = try migrator.migrate(pool)
        return pool
    }

    private func payloads(_ notifications: [QueuedNotification]) -> [String] { notifications.map(\.payload) }

    /// Queues a notification "TOKENi" for each token in turn, with the ids a relay starting now
    /// would give; the ids.
    @discardableResult
    private func fill(_ pool: DatabasePool, _ tokens: [String], spacing: Double = 10) throws -> [Int64] {
        try pool.write { database in
            let first = try PushQueue.nextID(in: database)
            return try tokens.enumerated().map { index, token in
                let id = first + Int64(index)
                try PushQueue.enqueue(Array("\(token)\(index)".utf8), id: id, for: token, at: start.addingTimeInterval(Double(index) * spacing), in: database)
                return id
            }
        }
    }

    /// How many rows the queue holds.
    private func queued(_ pool: DatabasePool) throws -> Int {
        try pool.read { try $0.scalar(Int.self, "SELECT count(*) FROM push_queue") } ?? 0
    }

    private func read(_ pool: DatabasePool, _ ids: [Int64], of key: String, since: Date? = nil) throws -> [String] {
        payloads(try pool.read { try PushQueue.notifications(ids, of: key, queuedSince: since ?? start, in: $0) })
    }

    func testReadsNotificationsByIdInOrderSkippingExpiredOnesAndOtherKeys() throws {
        let pool = try pool()
        let ids = try fill(pool, ["a", "b", "a", "a"])
        XCTAssertEqual(try read(pool, ids.reversed(), of: "a", since: start.addingTimeInterval(5)), ["a2", "a3"], "a0 is past its time to live")
        XCTAssertEqual(try read(pool, [ids[1], ids[2]], of: "a"), ["a2"], "b's row is not a's to read, whatever id is asked for")
        XCTAssertEqual(try read(pool, [], of: "a"), [])
        XCTAssertEqual(try queued(pool), 4, "reading removes nothing")
    }

    func testDeletingRemovesOnlyTheKeysRows() throws {
        let pool = try pool()
        let ids = try fill(pool, ["a", "b", "a", "a"])
        try pool.write { try PushQueue.delete([ids[0], ids[1], ids[2]], of: "a", in: $0) }
        XCTAssertEqual(try read(pool, ids, of: "a"), ["a3"])
        XCTAssertEqual(try read(pool, ids, of: "b"), ["b1"], "another key's row stays, though its id was named")
        try pool.write { try PushQueue.delete([ids[1]], of: "a", in: $0) }
        XCTAssertEqual(try read(pool, ids, of: "b"), ["b1"], "one id alone is checked against its key too")
        try pool.write { try PushQueue.delete([ids[3]], of: "a", in: $0) }
        XCTAssertEqual(try read(pool, ids, of: "a"), [])
    }

    func testTheIndexIsReadFromTheTableInIdOrder() throws {
        let pool = try pool()
        let ids = try fill(pool, ["a", "b", "a"])
        let entries = try pool.read { try PushQueue.entries(in: $0) }
        XCTAssertEqual(entries.map(\.key), ["a", "b", "a"])
        XCTAssertEqual(entries.map(\.entry), ids.map { QueueEntry(id: $0, bytes: 2) })
    }

    func testIdsAreNeverReusedEvenOnceTheQueueIsEmpty() throws {
        let pool = try pool()
        let first = try fill(pool, ["a", "b", "a"])
        try pool.write { try PushQueue.delete([first[0], first[2]], of: "a", in: $0) }
        try pool.write { try PushQueue.delete([first[1]], of: "b", in: $0) }
        let second = try fill(pool, ["a"])
        XCTAssertGreaterThan(second[0], first[2], "a client resuming after the last id gets the next one, after a restart too")
        _ = try pool.write { try PushQueue.purge(queuedBefore: start.addingTimeInterval(100), in: $0) }
        XCTAssertGreaterThan(try fill(pool, ["a"])[0], second[0], "purged ids are not given again either")
    }

    /// A relay from before ids were the relay's own (AUTOINCREMENT) had emptied its queue: the
    /// ids it gave are not given again.
    func testTheIdsAnEarlierRelayGaveAreNotGivenAgain() throws {
        let start = start
        let pool = try pool { pool in
            try pool.write { database in
                try database.executeScript("""
                CREATE TABLE push_queue (id INTEGER PRIMARY KEY AUTOINCREMENT, token TEXT NOT NULL, payload BLOB NOT NULL, enqueued_at REAL NOT NULL);
                INSERT INTO push_queue (token, payload, enqueued_at) VALUES ('a', x'00', 1), ('a', x'00', 2), ('b', x'00', 3);
                DELETE FROM push_queue WHERE id > 1;
                """)
                for name in ["push_queue.v1", "push_queue.v2", "push_queue.v3"] {
                    try database.execute("INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)", name, start)
                }
            }
        }
        XCTAssertEqual(try queued(pool), 1, "the row left is kept")
        XCTAssertEqual(try pool.read { try PushQueue.nextID(in: $0) }, 4)
    }

    /// A queue over its cap drops its oldest in the write that queues the newer row, which keeps
    /// the next ids above without a record; removing that newer row records it.
    func testADropForANewerRowRecordsNothingAndRemovingTheNewerOneDoes() throws {
        let pool = try pool()
        let removedHighWater = { try pool.read { try $0.scalar(Int64.self, "SELECT max(id) FROM push_queue_removed") } ?? 0 }
        let before = try removedHighWater()
        let ids = try fill(pool, ["a", "a"])
        try pool.write { try PushQueue.delete([ids[0]], of: "a", in: $0, keptNewer: ids[1]) }
        XCTAssertEqual(try removedHighWater(), before, "the newer row stays, so nothing is recorded")
        XCTAssertEqual(try pool.read { try PushQueue.nextID(in: $0) }, ids[1] + 1)
        try pool.write { try PushQueue.delete([ids[1]], of: "a", in: $0, keptNewer: ids[0]) }
        XCTAssertEqual(try removedHighWater(), ids[1], "a 'newer' row below the one removed does not keep the ids above")
        XCTAssertEqual(try pool.read { try PushQueue.nextID(in: $0) }, ids[1] + 1, "an emptied queue still goes on above")
    }

    func testPurgeRemovesOnlyExpiredNotificationsAndNamesEachKeysLastOne() throws {
        let pool = try pool()
        let ids = try fill(pool, (0..<10).map { "t\($0 % 3)" }, spacing: 1)
        let last = try pool.write { try PushQueue.purge(queuedBefore: start.addingTimeInterval(6), in: $0) }
        XCTAssertEqual(last, ["t0": ids[3], "t1": ids[4], "t2": ids[5]])
        XCTAssertEqual(try queued(pool), 4)
        _ = try pool.write { try PushQueue.purge(queuedBefore: start.addingTimeInterval(100), in: $0) }
        XCTAssertEqual(try queued(pool), 0, "everything expired, nothing young left to stop at")
    }

    func testTheIndexByTokenOfAnEarlierRelayIsDropped() throws {
        let pool = try pool()
        let indexes = try pool.read { try $0.rows("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'push_queue'") }
        XCTAssertEqual(indexes.count, 0, "queueing touches no index")
    }

    func testRowsOfAnEarlierRelayLeaveTheOutboxAndAreNotKeptForChosenTokens() throws {
        let now = start
        Current.now = { now }
        defer { Current = .live }
        let pool = try pool { pool in
            let outbox = Outbox(pool: pool, queue: "push:old")
            try outbox.enqueue(Data("first".utf8))
            try Outbox(pool: pool, queue: "agent").enqueue(Data("not ours".utf8))
        }
        XCTAssertEqual(try queued(pool), 0, "nobody could stream a chosen token's queue any more")
        XCTAssertEqual(try Outbox(pool: pool, queue: "push:old").pendingCount(), 0)
        XCTAssertEqual(try Outbox(pool: pool, queue: "agent").pendingCount(), 1, "other queues stay")
    }
}
