import Foundation
import Persistence
import XCTest
@testable import PushRelay

/// The relay's durable queue: order per token, the time to live, the purge, and rows an earlier
/// relay left in the general outbox.
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

    private func fill(_ pool: DatabasePool, _ tokens: [String], spacing: Double = 10) throws {
        try pool.write { database in
            for (index, token) in tokens.enumerated() {
                _ = try PushQueue.enqueue(Array("\(token)\(index)".utf8), for: token, at: start.addingTimeInterval(Double(index) * spacing), in: database)
            }
        }
    }

    func testReadsATokensNotificationsInOrderAfterAnIdSkippingExpiredOnes() throws {
        let pool = try pool()
        try fill(pool, ["a", "b", "a", "a"])
        let waiting = try pool.read { try PushQueue.waiting(for: "a", after: 0, limit: 10, queuedSince: start.addingTimeInterval(5), in: $0) }
        XCTAssertEqual(payloads(waiting), ["a2", "a3"], "a0 is past its time to live")
        let after = try pool.read { try PushQueue.waiting(for: "a", after: Int64(waiting[0].id)!, limit: 10, queuedSince: start, in: $0) }
        XCTAssertEqual(payloads(after), ["a3"])
        XCTAssertEqual(try pool.read { try PushQueue.waiting(for: "a", after: 0, limit: 1, queuedSince: start, in: $0) }.count, 1)
        XCTAssertEqual(try pool.read { try PushQueue.totals(in: $0) }.count, 4, "reading removes nothing")
    }

    func testAcknowledgingRemovesOnlyThatTokensNotificationsUpToTheId() throws {
        let pool = try pool()
        try fill(pool, ["a", "b", "a", "a"])
        let ids = try pool.read { try PushQueue.waiting(for: "a", after: 0, limit: 10, queuedSince: start, in: $0) }.map(\.id)
        let removed = try pool.write { try PushQueue.acknowledge("a", through: Int64(ids[1])!, in: $0) }
        XCTAssertEqual(removed.count, 2)
        XCTAssertEqual(removed.bytes, 4)
        XCTAssertEqual(payloads(try pool.read { try PushQueue.waiting(for: "a", after: 0, limit: 10, queuedSince: start, in: $0) }), ["a3"])
        XCTAssertEqual(try pool.read { try PushQueue.count(for: "b", in: $0) }, 1, "another token's id range is not its to acknowledge")
    }

    func testDroppingTakesTheOldestOfATokenOrOfEveryToken() throws {
        let pool = try pool()
        try fill(pool, ["a", "b", "a", "b", "a"])
        XCTAssertEqual(try pool.write { try PushQueue.dropOldest(1, of: "a", in: $0) }.count, 1)
        XCTAssertEqual(payloads(try pool.read { try PushQueue.waiting(for: "a", after: 0, limit: 10, queuedSince: start, in: $0) }), ["a2", "a4"])
        let removed = try pool.write { try PushQueue.dropOldest(2, in: $0) }
        XCTAssertEqual(removed.count, 2, "b1 and a2")
        XCTAssertEqual(payloads(try pool.read { try PushQueue.waiting(for: "b", after: 0, limit: 10, queuedSince: start, in: $0) }), ["b3"])
        XCTAssertEqual(try pool.write { try PushQueue.dropOldest(10, in: $0) }.count, 2, "asking for more than there is drops everything")
        XCTAssertEqual(try pool.write { try PushQueue.dropOldest(5, of: "a", in: $0) }.count, 0)
    }

    func testIdsAreNeverReusedEvenOnceTheQueueIsEmpty() throws {
        let pool = try pool()
        try fill(pool, ["a"])
        let first = try pool.read { try PushQueue.waiting(for: "a", after: 0, limit: 10, queuedSince: start, in: $0) }[0].id
        _ = try pool.write { try PushQueue.acknowledge("a", through: Int64(first)!, in: $0) }
        try fill(pool, ["a"])
        let second = try pool.read { try PushQueue.waiting(for: "a", after: Int64(first)!, limit: 10, queuedSince: start, in: $0) }
        XCTAssertEqual(second.count, 1, "a client resuming after the first id gets the next one")
        XCTAssertGreaterThan(Int64(second[0].id)!, Int64(first)!)
    }

    func testPurgeRemovesOnlyExpiredNotifications() throws {
        let pool = try pool()
        try fill(pool, (0..<10).map { "t\($0 % 3)" }, spacing: 1)
        XCTAssertEqual(try pool.write { try PushQueue.purge(queuedBefore: start.addingTimeInterval(6), in: $0) }.count, 6)
        XCTAssertEqual(try pool.read { try PushQueue.totals(in: $0) }.count, 4)
        _ = try pool.write { try PushQueue.purge(queuedBefore: start.addingTimeInterval(100), in: $0) }
        XCTAssertEqual(try pool.read { try PushQueue.totals(in: $0) }.count, 0, "everything expired, nothing young left to stop at")
    }

    func testRowsOfAnEarlierRelayLeaveTheOutboxAndAreNotKeptForChosenTokens() throws {
        let now = start
        let pool = try pool { pool in
            let outbox = Outbox(pool: pool, queue: "push:old", now: { now })
            try outbox.enqueue(Data("first".utf8))
            try Outbox(pool: pool, queue: "agent", now: { now }).enqueue(Data("not ours".utf8))
        }
        XCTAssertEqual(try pool.read { try PushQueue.totals(in: $0) }.count, 0, "nobody could stream a chosen token's queue any more")
        XCTAssertEqual(try Outbox(pool: pool, queue: "push:old").pendingCount(), 0)
        XCTAssertEqual(try Outbox(pool: pool, queue: "agent").pendingCount(), 1, "other queues stay")
    }
}
