import Foundation
import Persistence
import XCTest

final class DateColumnTests: XCTestCase {
    func testRoundTripsToTheMillisecondInUTC() {
        for seconds in [0, 1_795_963_000.125, 951_782_400.999, -86_400.5, 4_102_444_799.001] {
            let date = Date(timeIntervalSince1970: seconds)
            let stored = date.databaseValue
            let restored = Date(databaseValue: stored)
            XCTAssertEqual(restored?.timeIntervalSince1970 ?? .nan, seconds, accuracy: 0.0005, "\(stored)")
        }
        XCTAssertEqual(Date(timeIntervalSince1970: 951_782_400.5).databaseValue, .text("2000-02-29T00:00:00.500Z"))
    }

    func testRejectsMalformedText() {
        for text in ["", "2026-11-29", "2026-11-29T15:00:00Z", "2026-13-01T00:00:00.000Z", "2026-11-29T25:00:00.000Z",
                     "2026-11-29T15:00:00.00xZ", "2026-11-29 15:00:00.000Z"] {
            XCTAssertNil(Date(databaseValue: .text(text)), text)
        }
        XCTAssertNil(Date(databaseValue: .integer(5)))
    }
}
