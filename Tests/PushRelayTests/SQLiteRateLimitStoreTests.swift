import Foundation
import Persistence
import PushRelay
import XCTest

/// Daily counts in SQLite: exact under concurrency, per token, reset at 00:00 UTC.
final class SQLiteRateLimitStoreTests: XCTestCase {
    private let file = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID().uuidString).sqlite")

    override func tearDown() {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
    }

    private func store() throws -> SQLiteRateLimitStore {
        let pool = try DatabasePool(url: file)
        var migrator = DatabaseMigrator()
        SQLiteRateLimitStore.registerMigrations(in: &migrator)
        _ = try migrator.migrate(pool)
        return SQLiteRateLimitStore(pool: pool)
    }

    private let noon = Date(timeIntervalSince1970: 1_796_126_400)  // 2026-12-01T12:00:00Z

    func testConcurrentReservationsFromTwoConnectionsNeverExceedTheLimit() throws {
        let first = try store(), second = try store()
        let granted = ManagedCounter()
        let noon = noon
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            let limits = index.isMultiple(of: 2) ? first : second
            if (try? limits.reserve("token", maximum: 50, at: noon)) != nil {
                granted.increment()
                _ = try? limits.complete("token", success: index % 3 != 0, maximum: 50, at: noon)
            }
        }
        XCTAssertEqual(granted.value, 50)
        let status = try first.status(of: "token", maximum: 50, at: noon)
        XCTAssertEqual(status.successful + status.errors, 50, "successful and failed deliveries both count")
        XCTAssertEqual(status.remaining, 0)
    }

    func testCountsResetAtMidnightUTCAndArePerToken() throws {
        let limits = try store()
        XCTAssertNotNil(try limits.reserve("a", maximum: 1, at: noon))
        XCTAssertNil(try limits.reserve("a", maximum: 1, at: noon))
        XCTAssertNotNil(try limits.reserve("b", maximum: 1, at: noon))
        let nextDay = noon.addingTimeInterval(12 * 3600)
        let status = try XCTUnwrap(try limits.reserve("a", maximum: 1, at: nextDay))
        XCTAssertEqual(DailyResetSchedule().iso8601(status.resetsAt), "2026-12-03T00:00:00Z")
    }
}
