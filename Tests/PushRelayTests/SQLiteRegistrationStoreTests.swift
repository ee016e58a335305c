import Foundation
import Persistence
import XCTest
@testable import PushRelay

/// Registrations in SQLite expire when nothing was sent to them and no stream opened for the
/// configured time; their last use survives a restart, written at most once an hour.
final class SQLiteRegistrationStoreTests: XCTestCase {
    private let file = FileManager.default.temporaryDirectory.appendingPathComponent("registrations-\(UUID().uuidString).sqlite")
    private var writers: [BatchedWriter] = []

    override func tearDown() {
        writers.forEach { $0.stop() }
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
    }

    private func store() throws -> SQLiteRegistrationStore {
        let pool = try DatabasePool(url: file)
        var migrator = DatabaseMigrator()
        SQLiteRegistrationStore.registerMigrations(in: &migrator)
        _ = try migrator.migrate(pool)
        let writer = try BatchedWriter(pool: pool)
        writers.append(writer)
        return try SQLiteRegistrationStore(pool: pool, writer: writer, limit: 100)
    }

    private let start = Date(timeIntervalSince1970: 1_796_126_400)  // 2026-12-01T12:00:00Z
    private let day = 86_400.0

    private func add(_ store: SQLiteRegistrationStore, _ token: String, at date: Date) throws {
        let done = expectation(description: "added")
        store.add(tokenKey: token, secretKey: "secret-" + token, at: date) { result in
            if case .failure(let error) = result { XCTFail("\(error)") }
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
    }

    func testARegistrationUnusedForTheTimeExpiresAndAUsedOneStays() throws {
        let registrations = try store()
        try add(registrations, "idle", at: start)
        try add(registrations, "busy", at: start)
        registrations.markUsed(tokenKey: "busy", at: start.addingTimeInterval(20 * day))
        XCTAssertEqual(try registrations.expire(unusedSince: start.addingTimeInterval(-1)), [], "nothing is older than the start")
        XCTAssertEqual(try registrations.expire(unusedSince: start.addingTimeInterval(10 * day)), ["idle"])
        XCTAssertFalse(try registrations.isRegistered(tokenKey: "idle"))
        XCTAssertNil(try registrations.tokenKey(forSecret: "secret-idle"), "its stream secret opens nothing")
        XCTAssertTrue(try registrations.isRegistered(tokenKey: "busy"))

        let reopened = try store()
        XCTAssertFalse(try reopened.isRegistered(tokenKey: "idle"), "the expiry was written")
        XCTAssertEqual(try reopened.expire(unusedSince: start.addingTimeInterval(19 * day)), [], "the use at day 20 was written")
        XCTAssertEqual(try reopened.expire(unusedSince: start.addingTimeInterval(21 * day)), ["busy"])
    }

    func testUsesWithinAnHourAreOneWrite() throws {
        let registrations = try store()
        try add(registrations, "token", at: start)
        // Used again 30 minutes later: not written (within the precision), so after a restart the
        // registration counts as last used at its start.
        registrations.markUsed(tokenKey: "token", at: start.addingTimeInterval(1_800))
        registrations.markUsed(tokenKey: "token", at: start.addingTimeInterval(7_200))
        registrations.markUsed(tokenKey: "unknown", at: start.addingTimeInterval(7_200))
        writers.forEach { $0.stop() }  // what was submitted is written first, as when the relay stops
        let reopened = try store()
        XCTAssertEqual(try reopened.expire(unusedSince: start.addingTimeInterval(3_600)), [], "the use two hours in was written")
        XCTAssertEqual(try reopened.expire(unusedSince: start.addingTimeInterval(7_201)), ["token"])
        XCTAssertFalse(try reopened.isRegistered(tokenKey: "unknown"), "using a token never registered registers nothing")
    }

    func testASendChecksAndNotesAUseInOneCall() throws {
        let registrations = try store()
        try add(registrations, "token", at: start)
        XCTAssertFalse(try registrations.useIfRegistered(tokenKey: "unknown", at: start.addingTimeInterval(7_200)))
        XCTAssertTrue(try registrations.useIfRegistered(tokenKey: "token", at: start.addingTimeInterval(1_800)), "a use within the hour")
        XCTAssertTrue(try registrations.useIfRegistered(tokenKey: "token", at: start.addingTimeInterval(7_200)))
        writers.forEach { $0.stop() }
        let reopened = try store()
        XCTAssertEqual(try reopened.expire(unusedSince: start.addingTimeInterval(7_199)), [], "the use two hours in was written")
        XCTAssertEqual(try reopened.expire(unusedSince: start.addingTimeInterval(7_201)), ["token"])
        XCTAssertFalse(try reopened.isRegistered(tokenKey: "unknown"), "asking about an unknown token registers nothing")
    }
}
