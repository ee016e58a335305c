import Essentials
import Foundation
import XCTest

final class HATimestampTests: XCTestCase {
    func testWritesLikePythonsIsoformat() {
        XCTAssertEqual(HATimestamp.string(from: Date(timeIntervalSince1970: 1_795_964_884.948855)), "2026-11-29T15:08:04.948855+00:00")
        XCTAssertEqual(HATimestamp.string(from: Date(timeIntervalSince1970: 1_795_964_884)), "2026-11-29T15:08:04+00:00")
    }

    func testParsesOffsetsZuluAndFractions() throws {
        let reference = try XCTUnwrap(HATimestamp.date(from: "2026-11-29T15:08:04.5+00:00"))
        XCTAssertEqual(HATimestamp.date(from: "2026-11-29T15:08:04.500Z"), reference)
        XCTAssertEqual(HATimestamp.date(from: "2026-11-29T16:08:04.5+01:00"), reference)
        XCTAssertEqual(HATimestamp.date(from: "2026-11-29 15:08:04.5"), reference)
        XCTAssertEqual(reference.timeIntervalSince1970, 1_795_964_884.5)
    }

    func testAgreesWithTheNumberFormOfTheSameInstant() throws {
        let text = try XCTUnwrap(HATimestamp.date(from: "2026-11-29T15:08:04.948855+00:00"))
        XCTAssertEqual(text, Date(timeIntervalSince1970: 1795964884.948855))
    }

    func testRejectsMalformedText() {
        for text in ["", "2026-11-29", "2026-11-29T15:08", "2026-11-29T15:08:04.", "2026-11-29T15:08:04+0100",
                     "2026-13-29T15:08:04Z", "2026-11-29T15:08:04Zjunk", "2026-11-29T15:08:04.5+01"] {
            XCTAssertNil(HATimestamp.date(from: text), text)
        }
    }
}
