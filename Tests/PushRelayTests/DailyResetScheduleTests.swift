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

    func testFormatsEveryFieldWithItsZeros() throws {
        XCTAssertEqual(schedule.iso8601(try date("2026-03-04T05:06:07Z")), "2026-03-04T05:06:07Z")
        XCTAssertEqual(schedule.iso8601(try date("1999-10-31T23:09:59Z")), "1999-10-31T23:09:59Z")
        XCTAssertEqual(schedule.iso8601(Date(timeIntervalSince1970: 0.999)), "1970-01-01T00:00:00Z", "seconds are cut, not rounded")
        XCTAssertEqual(schedule.iso8601(Date(timeIntervalSince1970: 253_402_300_800)), "10000-01-01T00:00:00Z", "a fifth digit of the year")
        XCTAssertEqual(schedule.iso8601(Date(timeIntervalSince1970: -62_135_596_800)), "0001-01-01T00:00:00Z")
    }
}
