import Essentials
import Foundation
import Persistence
import XCTest
@testable import PushRelay

/// The relay's durable queue (``LocalDelivery`` over its log): what it queued, acknowledged,
/// dropped and purged read back the same after a restart, ids never given twice, compaction, and
/// what earlier relays left in the database (the queue table, the general outbox) moved over once.
final class PushQueueTests: XCTestCase {
    private let file = FileManager.default.temporaryDirectory.appendingPathComponent("queue-\(UUID().uuidString).sqlite")
    private let start = Date(timeIntervalSince1970: 1_796_126_400)

    override func tearDown() {
        for suffix in ["", "-wal", "-shm", "-queue", "-queue.damaged"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
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

    /// A delivery on `pool` as the relay makes one (a day's time to live).
    private func delivery(_ pool: DatabasePool, limits: QueueLimits = QueueLimits(), compactionSlack: Int64 = 64 << 20) throws -> LocalDelivery {
        try LocalDelivery(pool: pool, ttl: 86_400, limits: limits, streamLimits: StreamLimits(), logger: Logger.standardError(label: "push-relay-test", level: .error), compactionSlack: compactionSlack)
    }

    /// Queues `payload` for `key` and waits until it is written.
    private static func deliver(_ payload: String, to key: String, in delivery: LocalDelivery) throws {
        let done = DispatchSemaphore(value: 0)
        let outcome = ManagedResult()
        delivery.deliver(Array(payload.utf8), to: key) { result in
            outcome.set(result.map { _ in () })
            done.signal()
        }
        done.wait()
        try outcome.get()
    }

    /// Waits until what was submitted before (acknowledgements, purges) is written.
    private func settle(_ delivery: LocalDelivery) throws {
        try Self.deliver("{}", to: "settle", in: delivery)
    }

    /// The size of the queue's log.
    private func logSize() throws -> Int {
        try FileManager.default.attributesOfItem(atPath: file.path + "-queue")[.size] as? Int ?? 0
    }

    /// Writes batches until the log is smaller than `bytes` (a compaction is copied beside the
    /// writer and put in place between two batches), for at most ten seconds; its size then.
    @discardableResult
    private func compacted(_ delivery: LocalDelivery, below bytes: Int) throws -> Int {
        let deadline = Date().addingTimeInterval(10)
        while try logSize() >= bytes && Date() < deadline {
            try settle(delivery)
            Thread.sleep(forTimeInterval: 0.01)
        }
        return try logSize()
    }

    private func queued(_ delivery: LocalDelivery, _ key: String, after id: Int64 = 0) throws -> [String] {
        payloads(try delivery.notifications(of: key, after: id, limit: 100))
    }

    private static func ids(_ delivery: LocalDelivery, _ key: String) throws -> [Int64] {
        try delivery.notifications(of: key, after: 0, limit: 100).compactMap { Int64($0.id) }
    }

    func testWhatWasQueuedAcknowledgedAndDroppedReadsBackTheSameAfterARestart() throws {
        let pool = try pool()
        var limits = QueueLimits()
        limits.perToken = 2
        let first = try delivery(pool, limits: limits)
        for payload in ["a1", "a2", "a3"] { try Self.deliver(payload, to: "a", in: first) }
        for payload in ["b1", "b2"] { try Self.deliver(payload, to: "b", in: first) }
        XCTAssertEqual(try queued(first, "a"), ["a2", "a3"], "a1 dropped for the cap")
        try first.acknowledge("b", through: String(try Self.ids(first, "b")[0]))
        try settle(first)
        XCTAssertEqual(try queued(first, "b"), ["b2"])
        let firstIDs = try Self.ids(first, "a") + Self.ids(first, "b")
        first.stop()
        let second = try delivery(pool, limits: limits)
        defer { second.stop() }
        XCTAssertEqual(try queued(second, "a"), ["a2", "a3"])
        XCTAssertEqual(try queued(second, "b"), ["b2"], "the acknowledged one stays gone")
        XCTAssertEqual(try Self.ids(second, "a") + Self.ids(second, "b"), firstIDs, "the same ids, which clients resume after")
        XCTAssertEqual(try queued(second, "a", after: firstIDs[0]), ["a3"])
        try Self.deliver("a4", to: "a", in: second)
        XCTAssertGreaterThan(try Self.ids(second, "a").last ?? 0, firstIDs.max() ?? .max)
        XCTAssertEqual(try second.queueDepth(), 4, "a3, a4, b2 and the settle")
    }

    func testIdsAreNeverGivenTwiceOnceTheQueueIsEmptiedAndCompacted() throws {
        let pool = try pool()
        let first = try delivery(pool, compactionSlack: 0)
        try Self.deliver("a1", to: "a", in: first)
        try Self.deliver("a2", to: "a", in: first)
        let last = try Self.ids(first, "a")[1]
        first.forget("a")
        try settle(first)
        let settled = try Self.ids(first, "settle")[0]
        XCTAssertGreaterThan(settled, last)
        first.forget("settle")
        XCTAssertLessThan(try compacted(first, below: 150), 150, "compacted to the id floor and a settle notification or two")
        first.stop()
        let second = try delivery(pool)
        defer { second.stop() }
        let settles = try Self.ids(second, "settle")
        XCTAssertEqual(try second.queueDepth(), settles.count)
        try Self.deliver("a3", to: "a", in: second)
        XCTAssertGreaterThan(try Self.ids(second, "a")[0], max(settled, settles.max() ?? 0), "above every id given, though none is queued")
    }

    func testCompactionKeepsWhatIsLiveReadableWhileItMovesAndAfterARestart() throws {
        let pool = try pool()
        let first = try delivery(pool, compactionSlack: 2_000)
        for index in 0..<200 {
            try Self.deliver(index % 2 == 0 ? "a\(index)" : String(repeating: "b", count: 200), to: index % 2 == 0 ? "a" : "b", in: first)
        }
        let before = try logSize()
        first.forget("b")
        XCTAssertLessThan(try compacted(first, below: before * 2 / 3), before * 2 / 3, "b's hundred were compacted away")
        let expected = (0..<100).map { "a\($0 * 2)" }
        XCTAssertEqual(try queued(first, "a"), expected, "read from where compaction put them")
        first.stop()
        let second = try delivery(pool)
        defer { second.stop() }
        XCTAssertEqual(try queued(second, "a"), expected)
        XCTAssertEqual(try queued(second, "b"), [])
    }

    func testCompactionsWhileFourThreadsQueueAndAcknowledgeLoseAndResurrectNothing() throws {
        let pool = try pool()
        let first = try delivery(pool, compactionSlack: 4_000)
        let failures = ManagedCounter()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            let key = "k\(thread)"
            for number in 0..<300 {
                do {
                    try Self.deliver(String(repeating: "\(thread)", count: 40) + "-\(number)", to: key, in: first)
                    // Every 50th, the client acknowledges all it has but the last five.
                    if number % 50 == 49, let through = try Self.ids(first, key).dropLast(5).last { try first.acknowledge(key, through: String(through)) }
                } catch {
                    failures.increment()
                }
            }
        }
        XCTAssertEqual(failures.value, 0)
        try settle(first)
        let expected = try (0..<4).map { try queued(first, "k\($0)") }
        for (thread, payloads) in expected.enumerated() {
            XCTAssertEqual(payloads.first, String(repeating: "\(thread)", count: 40) + "-295", "the last acknowledgement kept five")
            XCTAssertEqual(payloads.count, 5)
        }
        XCTAssertLessThan(try logSize(), 40_000, "1,200 notifications of 45 bytes were written; compactions kept the log small")
        first.stop()
        let second = try delivery(pool)
        defer { second.stop() }
        XCTAssertEqual(try (0..<4).map { try queued(second, "k\($0)") }, expected)
    }

    func testExpiredNotificationsStayGoneAfterARestart() throws {
        let now = SettableClock(start)
        Current.now = { now.now }
        defer { Current = .live }
        let pool = try pool()
        let first = try delivery(pool)
        try Self.deliver("old", to: "a", in: first)
        now.advance(days: 0.5)
        try Self.deliver("young", to: "a", in: first)
        now.advance(days: 0.51)
        XCTAssertEqual(try queued(first, "a"), ["young"], "past its time to live, not sent, even before the purge")
        first.purgeExpired()
        try settle(first)
        XCTAssertEqual(try first.queueDepth(), 2, "young and the settle")
        first.stop()
        now.advance(days: -0.51)
        let second = try delivery(pool)
        defer { second.stop() }
        XCTAssertEqual(try queued(second, "a"), ["young"], "the purge was written, so a clock set back brings nothing back")
    }

    func testANotificationOverTheLimitOrForAnOverlongKeyIsRefusedAndQueuesNothing() throws {
        let pool = try pool()
        let delivery = try delivery(pool)
        defer { delivery.stop() }
        XCTAssertThrowsError(try Self.deliver(String(repeating: "x", count: QueueLimits.maximumPayloadSize + 1), to: "a", in: delivery))
        XCTAssertThrowsError(try Self.deliver("{}", to: String(repeating: "k", count: QueueLogRecord.maximumKeySize + 1), in: delivery))
        XCTAssertEqual(try delivery.queueDepth(), 0)
    }

    func testWhatAnEarlierRelayQueuedInTheDatabaseMovesToTheLogOnce() throws {
        let pool = try pool()
        let insert = """
            INSERT INTO push_queue (id, token, payload, enqueued_at) VALUES (5, 'a', x'6131', 1796126400), (6, 'b', x'6231', 1796126401), (9, 'a', x'6132', 1796126402)
            """
        try pool.write { try $0.execute(insert) }
        try pool.write { database in
            try database.execute("""
                INSERT INTO push_queue (id, token, payload, enqueued_at)
                VALUES (7, replace(hex(zeroblob(1000)), '00', 'kk'), x'00', 1796126401), (8, 'c', zeroblob(70000), 1796126401)
                """)
        }
        let now = start
        Current.now = { now }
        defer { Current = .live }
        let first = try delivery(pool)
        XCTAssertEqual(try queued(first, "a"), ["a1", "a2"])
        XCTAssertEqual(try Self.ids(first, "a"), [5, 9])
        XCTAssertEqual(try first.queueDepth(), 3, "rows no relay wrote (a 2,000-byte key, a 70,000-byte payload) are left out")
        XCTAssertEqual(try pool.read { try $0.scalar(Int.self, "SELECT count(*) FROM push_queue") }, 0, "the table is emptied")
        try Self.deliver("a3", to: "a", in: first)
        XCTAssertEqual(try Self.ids(first, "a"), [5, 9, 10])
        first.stop()
        // A move cut short after the log was written, before the table was emptied.
        try pool.write { try $0.execute(insert) }
        let second = try delivery(pool)
        defer { second.stop() }
        XCTAssertEqual(try queued(second, "a"), ["a1", "a2", "a3"], "not moved twice")
        XCTAssertEqual(try queued(second, "b"), ["b1"])
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
        XCTAssertEqual(try pool.read { try PushQueue.nextID(in: $0) }, 4)
        let delivery = try delivery(pool)
        defer { delivery.stop() }
        XCTAssertEqual(try delivery.queueDepth(), 1, "the row left moves to the log (queued in 1970, it is past its time to live)")
        try Self.deliver("a2", to: "a", in: delivery)
        XCTAssertEqual(try Self.ids(delivery, "a"), [4])
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
        XCTAssertEqual(try pool.read { try $0.scalar(Int.self, "SELECT count(*) FROM push_queue") }, 0, "nobody could stream a chosen token's queue any more")
        XCTAssertEqual(try Outbox(pool: pool, queue: "push:old").pendingCount(), 0)
        XCTAssertEqual(try Outbox(pool: pool, queue: "agent").pendingCount(), 1, "other queues stay")
    }
}
