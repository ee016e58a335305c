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

    private func text(_ payloads: [[UInt8]]) -> [String] { payloads.map { String(decoding: $0, as: UTF8.self) } }

    func testTakesATokensNotificationsInOrderSkippingExpiredOnes() throws {
        let pool = try pool()
        try pool.write { database in
            for (index, token) in ["a", "b", "a", "a"].enumerated() {
                try PushQueue.enqueue(Array("\(token)\(index)".utf8), for: token, at: start.addingTimeInterval(Double(index) * 10), in: database)
            }
        }
        let taken = try pool.write { try PushQueue.take(for: "a", queuedSince: start.addingTimeInterval(5), in: $0) }
        XCTAssertEqual(text(taken), ["a2", "a3"], "a0 is past its time to live")
        XCTAssertEqual(try pool.write { try PushQueue.take(for: "a", queuedSince: start, in: $0) }, [], "taking removes")
        XCTAssertEqual(try pool.read { try PushQueue.depth(in: $0) }, 1)
    }

    func testPurgeRemovesOnlyExpiredNotifications() throws {
        let pool = try pool()
        try pool.write { database in
            for index in 0..<10 { try PushQueue.enqueue([UInt8(index)], for: "t\(index % 3)", at: start.addingTimeInterval(Double(index)), in: database) }
            try PushQueue.purge(queuedBefore: start.addingTimeInterval(6), in: database)
        }
        XCTAssertEqual(try pool.read { try PushQueue.depth(in: $0) }, 4)
        try pool.write { try PushQueue.purge(queuedBefore: start.addingTimeInterval(100), in: $0) }
        XCTAssertEqual(try pool.read { try PushQueue.depth(in: $0) }, 0, "everything expired, nothing young left to stop at")
    }

    func testRowsOfAnEarlierRelayMoveOverInOrder() throws {
        let now = start
        let pool = try pool { pool in
            let outbox = Outbox(pool: pool, queue: "push:old", now: { now })
            try outbox.enqueue(Data("first".utf8))
            try outbox.enqueue(Data("second".utf8))
            try Outbox(pool: pool, queue: "agent", now: { now }).enqueue(Data("not ours".utf8))
        }
        XCTAssertEqual(text(try pool.write { try PushQueue.take(for: "old", queuedSince: start, in: $0) }), ["first", "second"])
        XCTAssertEqual(try Outbox(pool: pool, queue: "push:old").pendingCount(), 0)
        XCTAssertEqual(try Outbox(pool: pool, queue: "agent").pendingCount(), 1, "other queues stay")
    }
}
