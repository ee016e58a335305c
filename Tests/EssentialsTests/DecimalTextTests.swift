import Essentials
import Foundation
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

    func testAppendAgreesWithPrintfsZeroPadding() {
        for value in [0, 1, 9, 10, 99, 100, 999_999] {
            for width in 1...6 { XCTAssertEqual(appended(value, width: width), "x" + String(format: "%0\(width)d", value)) }
        }
    }

    func testDateAndTimeAreWrittenFieldByFieldWithZeros() {
        var parts = tm()
        (parts.tm_year, parts.tm_mon, parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec) = (-1_899, 0, 2, 3, 4, 5)
        var bytes: [UInt8] = []
        DecimalText.appendDateAndTime(of: parts, to: &bytes)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "0001-01-02T03:04:05")
        parts.tm_year = -2_000
        bytes = []
        DecimalText.appendDateAndTime(of: parts, to: &bytes)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "0000-01-02T03:04:05", "a year before 0 is written as 0000")
    }

    func testNumberReadsOnlyDigits() {
        XCTAssertEqual(DecimalText.number(Array("0420".utf8)[...]), 420)
        XCTAssertNil(DecimalText.number(Array("4a".utf8)[...]))
    }
}
