import Foundation
import Persistence
import XCTest
@testable import PushRelay

/// Daily counts in SQLite: exact under concurrency, per token, reset at 00:00 UTC, kept across a
/// restart, and owned by one process at a time.
final class SQLiteRateLimitStoreTests: XCTestCase {
    private let file = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID().uuidString).sqlite")
    private var writers: [BatchedWriter] = []

    override func tearDown() {
        writers.forEach { $0.stop() }
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
    }

    private func store(
        writeInterval: Double = SQLiteRateLimitStoreTests.writeInterval, rememberedLimit: Int = SQLiteRateLimitStore.defaultRememberedLimit
    ) throws -> SQLiteRateLimitStore {
        let pool = try DatabasePool(url: file)
        var migrator = DatabaseMigrator()
        SQLiteRateLimitStore.registerMigrations(in: &migrator)
        _ = try migrator.migrate(pool)
        let writer = try BatchedWriter(pool: pool)
        writers.append(writer)
        return try SQLiteRateLimitStore(pool: pool, writer: writer, writeInterval: writeInterval, rememberedLimit: rememberedLimit)
    }

    /// Shorter than the relay's, so that the tests of writing behind wait little.
    private static let writeInterval = 0.25
    private let noon = Date(timeIntervalSince1970: 1_796_126_400)  // 2026-12-01T12:00:00Z

    func testConcurrentReservationsNeverExceedTheLimit() throws {
        let limits = try store()
        let granted = ManagedCounter()
        let noon = noon
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            if (try? limits.reserve("token", maximum: 50, at: noon)) != nil {
                granted.increment()
                _ = try? limits.complete("token", success: index % 3 != 0, maximum: 50, at: noon)
            }
        }
        XCTAssertEqual(granted.value, 50)
        let status = try limits.status(of: "token", maximum: 50, at: noon)
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

    func testCountsSurviveARestartAndASecondOwnerIsRefused() throws {
        var limits: SQLiteRateLimitStore? = try store()
        for success in [true, true, false] {
            XCTAssertNotNil(try limits?.reserve("t", maximum: 5, at: noon))
            _ = try limits?.complete("t", success: success, maximum: 5, at: noon)
        }
        XCTAssertThrowsError(try store()) { error in
            XCTAssertTrue("\(error)".contains("in use by another relay process"), "\(error)")
        }
        writers.removeLast().stop()
        limits?.stop()
        limits = nil
        writers.forEach { $0.stop() }
        writers = []
        let reopened = try store()
        let status = try reopened.status(of: "t", maximum: 5, at: noon)
        XCTAssertEqual([status.successful, status.errors, status.remaining], [2, 1, 2])
        XCTAssertNotNil(try reopened.reserve("t", maximum: 5, at: noon))
        XCTAssertNotNil(try reopened.reserve("t", maximum: 5, at: noon))
        XCTAssertNil(try reopened.reserve("t", maximum: 5, at: noon), "the two left are all that is left after the restart")
    }

    func testMoreCountsWaitingToBeWrittenThanTheStoreKeepsLoseNoneAndWrittenOnesAreReadBack() throws {
        // Nothing is written for an hour: 25 counts wait, with room for 10 in memory.
        let waiting = try store(writeInterval: 3_600, rememberedLimit: 10)
        for index in 0..<25 {
            XCTAssertNotNil(try waiting.reserve("token-\(index)", maximum: 5, at: noon))
            _ = try waiting.complete("token-\(index)", success: true, maximum: 5, at: noon)
        }
        for index in 0..<25 {
            XCTAssertEqual(try waiting.status(of: "token-\(index)", maximum: 5, at: noon).successful, 1, "token-\(index) kept while unwritten")
        }
        waiting.stop()
        writers.forEach { $0.stop() }
        writers = []
        // Written every quarter second: once they are, a new token makes room, and a forgotten
        // count is read back from the table.
        let limits = try store(rememberedLimit: 10)
        for index in 0..<25 {
            XCTAssertNotNil(try limits.reserve("token-\(index)", maximum: 5, at: noon))
            _ = try limits.complete("token-\(index)", success: false, maximum: 5, at: noon)
        }
        let pool = try DatabasePool(url: file)
        XCTAssertTrue(try waitFor(pool, "SELECT count(*) FROM rate_limits WHERE errors = 1", toBe: 25))
        // Changed in the table behind the store's back: what the store says once it forgot the
        // count (and read it back) and not while it keeps it.
        try pool.write { try $0.execute("UPDATE rate_limits SET errors = 2 WHERE token = 'token-0'") }
        XCTAssertNotNil(try limits.reserve("newcomer", maximum: 5, at: noon))
        let status = try limits.status(of: "token-0", maximum: 5, at: noon)
        XCTAssertEqual([status.successful, status.errors], [1, 2], "forgotten once written, then read back")
    }

    /// A day with more stored counts than the store takes into memory at once: none is taken, and
    /// each token's count is read when the token comes.
    func testADayWithManyStoredCountsIsReadTokenByToken() throws {
        let many = SQLiteRateLimitStore.defaultRememberedLimit / 2 + 1
        let pool = try DatabasePool(url: file)
        var migrator = DatabaseMigrator()
        SQLiteRateLimitStore.registerMigrations(in: &migrator)
        _ = try migrator.migrate(pool)
        let day = noon.timeIntervalSince1970 - 12 * 3_600
        try pool.write { database in
            for index in 0..<many {
                try database.execute("INSERT INTO rate_limits (token, day, reserved, successful, errors) VALUES (?, ?, 3, 2, 1)", "token-\(index)", day)
            }
        }
        let limits = try store()
        XCTAssertNotNil(try limits.reserve("token-7", maximum: 5, at: noon))
        let counted = try limits.status(of: "token-7", maximum: 5, at: noon)
        XCTAssertEqual([counted.successful, counted.errors, counted.remaining], [2, 1, 2])
        let read = try limits.status(of: "token-\(many - 1)", maximum: 5, at: noon)
        XCTAssertEqual([read.successful, read.errors, read.remaining], [2, 1, 2], "a stored count not taken into memory is read")
        let fresh = try limits.status(of: "never-seen", maximum: 5, at: noon)
        XCTAssertEqual([fresh.successful, fresh.errors, fresh.remaining], [0, 0, 5])
    }

    func testChangedCountsAreWrittenBehindWithoutStop() throws {
        let limits = try store()
        XCTAssertNotNil(try limits.reserve("w", maximum: 5, at: noon))
        _ = try limits.complete("w", success: true, maximum: 5, at: noon)
        let pool = try DatabasePool(url: file)
        let deadline = Date().addingTimeInterval(5)
        var stored: Int?
        while Date() < deadline {
            stored = try pool.read { try $0.scalar(Int.self, "SELECT successful FROM rate_limits WHERE token = 'w'") }
            if stored == 1 { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTAssertEqual(stored, 1, "written within about \(Self.writeInterval) s")
    }

    func testARoundLargerThanASliceIsWrittenWholeAndACountChangedMeanwhileFollows() throws {
        let limits = try store()
        let tokens = (0..<(3 * SQLiteRateLimitStore.sliceSize + 17)).map { "token-\($0)" }
        for token in tokens {
            XCTAssertNotNil(try limits.reserve(token, maximum: 5, at: noon))
            _ = try limits.complete(token, success: true, maximum: 5, at: noon)
        }
        let pool = try DatabasePool(url: file)
        XCTAssertTrue(try waitFor(pool, "SELECT count(*) FROM rate_limits", toBe: tokens.count), "every slice of the round is written")
        XCTAssertNotNil(try limits.reserve(tokens[0], maximum: 5, at: noon))
        _ = try limits.complete(tokens[0], success: true, maximum: 5, at: noon)
        XCTAssertTrue(try waitFor(pool, "SELECT successful FROM rate_limits WHERE token = 'token-0'", toBe: 2), "the next round writes it")
    }

    func testCountsARoundFailedToWriteAreWrittenByALaterOne() throws {
        let limits = try store()
        let pool = try DatabasePool(url: file)
        try pool.writeWithoutTransaction {
            try $0.execute("CREATE TRIGGER refuse BEFORE INSERT ON rate_limits BEGIN SELECT RAISE(ABORT, 'refused for the test'); END")
        }
        let tokens = (0..<(SQLiteRateLimitStore.sliceSize + 5)).map { "failing-\($0)" }
        for token in tokens {
            XCTAssertNotNil(try limits.reserve(token, maximum: 5, at: noon))
            _ = try limits.complete(token, success: true, maximum: 5, at: noon)
        }
        Thread.sleep(forTimeInterval: 3 * Self.writeInterval)
        XCTAssertEqual(try pool.read { try $0.scalar(Int.self, "SELECT count(*) FROM rate_limits") }, 0, "every round so far failed")
        // Changed again while it waits to be written: written once, with the later count.
        XCTAssertNotNil(try limits.reserve(tokens[0], maximum: 5, at: noon))
        _ = try limits.complete(tokens[0], success: false, maximum: 5, at: noon)
        try pool.writeWithoutTransaction { try $0.execute("DROP TRIGGER refuse") }
        XCTAssertTrue(try waitFor(pool, "SELECT count(*) FROM rate_limits", toBe: tokens.count), "a later round writes every count")
        XCTAssertTrue(try waitFor(pool, "SELECT successful + 10 * errors FROM rate_limits WHERE token = 'failing-0'", toBe: 11))
    }

    func testAReservationAloneWritesNothingAndItsCompletionDoes() throws {
        let limits = try store()
        XCTAssertNotNil(try limits.reserve("open", maximum: 5, at: noon))
        XCTAssertNotNil(try limits.reserve("done", maximum: 5, at: noon))
        _ = try limits.complete("done", success: false, maximum: 5, at: noon)
        limits.stop()
        writers.forEach { $0.stop() }
        let pool = try DatabasePool(url: file)
        XCTAssertEqual(try pool.read { try $0.scalar(Int.self, "SELECT count(*) FROM rate_limits WHERE token = 'open'") }, 0,
                       "a reservation under way is not stored: a restart reads counts with none under way")
        XCTAssertEqual(try pool.read { try $0.scalar(Int.self, "SELECT errors FROM rate_limits WHERE token = 'done'") }, 1)
        let reopened = try store()
        XCTAssertEqual(try reopened.status(of: "done", maximum: 5, at: noon).remaining, 4)
        XCTAssertEqual(try reopened.status(of: "open", maximum: 5, at: noon).remaining, 5)
    }

    private func waitFor(_ pool: DatabasePool, _ sql: String, toBe expected: Int) throws -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if try pool.read({ try $0.scalar(Int.self, sql) }) == expected { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }
}
