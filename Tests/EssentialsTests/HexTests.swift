import Essentials
import XCTest

final class HexTests: XCTestCase {
    func testEncodesTwoDigitsPerByteInEitherCase() {
        XCTAssertEqual(Hex.encode([0x00, 0x0F, 0xA5, 0xFF]), "000fa5ff")
        XCTAssertEqual(Hex.encode([0x0A, 0xBC], uppercase: true), "0ABC")
        XCTAssertEqual(Hex.encode([UInt8]()), "")
    }

    func testDecodesEitherCaseAndRoundTrips() {
        XCTAssertEqual(Hex.decode("000fA5fF"), [0x00, 0x0F, 0xA5, 0xFF])
        let bytes = (0...255).map { UInt8($0) }
        XCTAssertEqual(Hex.decode(Hex.encode(bytes)), bytes)
        XCTAssertEqual(Hex.decode(""), [])
    }

    func testRefusesOddLengthsSignsAndOtherBytes() {
        for bad in ["0", "abc", "+a", "-1", "0x", "zz", "é0", " 0a", "0a\n"] {
            XCTAssertNil(Hex.decode(bad), bad)
        }
    }
}
