import Matter
import XCTest

/// Base38 against the connectedhomeip project's published vectors (src/setup_payload/tests).
final class Base38Tests: XCTestCase {
    func testThePublishedVectorsEncodeAndDecode() throws {
        let vectors: [([UInt8], String)] = [
            ([], ""), ([10], "A0"), ([10, 10], "OT10"), ([10, 10, 10], "-N.B0"), ([10, 10, 0], "OT100"), ([10, 10, 40], "Y6V91"),
            ([10, 10, 41], "KL0B1"), ([10, 10, 255], "Q-M08"), ([35], "Z0"), ([255, 0], "R600"), ([46, 0, 0], "81000"), ([255], "R6"),
            ([255, 255], "NE71"), ([255, 255, 255], "PLS18"), (Array("Hello World!".utf8), "KKHF3W2S013OPM3EJX11"),
        ]
        for (bytes, text) in vectors {
            XCTAssertEqual(Base38.encode(bytes), text, "\(bytes)")
            XCTAssertEqual(try Base38.decode(text), bytes, text)
        }
        XCTAssertEqual(try Base38.decode("S600"), [0, 1])
        XCTAssertEqual(try Base38.decode("OE710"), [0, 0, 1])
    }

    func testMalformedBase38IsRefused() {
        for text in ["0\u{01}", "\u{01}0", "[0", "0[", " 0", "!0", "$0", "%0", "*0", "+0", "/0", ":0", "a0", "é"] {
            XCTAssertThrowsError(try Base38.decode(text), text) { XCTAssertTrue("\($0)".contains("is not a base38 character"), "\($0)") }
        }
        for text in ["S6", "OE71", "QLS18"] {
            XCTAssertThrowsError(try Base38.decode(text), text) { XCTAssertTrue("\($0)".contains("larger than"), "\($0)") }
        }
        for text in ["0", "000", "000000"] {
            XCTAssertThrowsError(try Base38.decode(text), text) { XCTAssertTrue("\($0)".contains("cannot be base38"), "\($0)") }
        }
    }
}
