import Essentials
import XCTest

/// The fixed-width decimal fields of the hand-written date formats.
final class DecimalTextTests: XCTestCase {
    private func appended(_ value: Int, width: Int) -> String {
        var bytes = Array("x".utf8)
        DecimalText.append(value, width: width, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    func testAppendPadsToTheWidthAndNeverCutsDigits() {
        XCTAssertEqual(appended(7, width: 2), "x07")
        XCTAssertEqual(appended(0, width: 4), "x0000")
        XCTAssertEqual(appended(2026, width: 4), "x2026")
        XCTAssertEqual(appended(10_000, width: 4), "x10000", "a value wider than the field keeps every digit")
        XCTAssertEqual(appended(5, width: 0), "x5")
        XCTAssertEqual(appended(123_456, width: 6), "x123456")
    }

    func testAppendAgreesWithPadded() {
        for value in [0, 1, 9, 10, 99, 100, 999_999] {
            for width in 1...6 { XCTAssertEqual(appended(value, width: width), "x" + DecimalText.padded(value, width)) }
        }
    }

    func testNumberReadsOnlyDigits() {
        XCTAssertEqual(DecimalText.number(Array("0420".utf8)[...]), 420)
        XCTAssertNil(DecimalText.number(Array("4a".utf8)[...]))
    }
}
