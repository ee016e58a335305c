import Foundation
import PushRelay
import XCTest

final class DailyResetScheduleTests: XCTestCase {
    private let schedule = DailyResetSchedule()

    private func date(_ text: String) throws -> Date {
        try XCTUnwrap(ISO8601DateFormatter().date(from: text))
    }

    func testWindowIsTheUTCDay() throws {
        let noon = try date("2026-11-29T12:34:56Z")
        XCTAssertEqual(schedule.iso8601(schedule.windowStart(containing: noon)), "2026-11-29T00:00:00Z")
        XCTAssertEqual(schedule.iso8601(schedule.nextReset(after: noon)), "2026-11-30T00:00:00Z")
    }

    func testMidnightStartsANewWindow() throws {
        let midnight = try date("2026-11-30T00:00:00Z")
        XCTAssertEqual(schedule.windowStart(containing: midnight), midnight)
        XCTAssertEqual(schedule.iso8601(schedule.nextReset(after: midnight)), "2026-12-01T00:00:00Z")
    }

    func testIgnoresTheLocalTimeZoneAndYearEnds() throws {
        let late = try date("2026-12-31T23:59:59Z")
        XCTAssertEqual(schedule.iso8601(schedule.nextReset(after: late)), "2027-01-01T00:00:00Z")
    }
}
