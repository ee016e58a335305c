import Essentials
import Foundation
import XCTest

final class JSONValueTests: XCTestCase {
    private func decode(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    func testDecodesEveryKind() throws {
        let value = try decode(#"{"n": null, "b": true, "i": 255, "d": 21.5, "s": "on", "a": [1, "x"], "o": {"k": false}}"#)
        XCTAssertEqual(value, .object([
            "n": .null, "b": .bool(true), "i": .integer(255), "d": .double(21.5), "s": .string("on"),
            "a": .array([.integer(1), .string("x")]), "o": .object(["k": .bool(false)]),
        ]))
    }

    func testRoundTripsThroughEncoding() throws {
        let original = try decode(#"{"brightness": 255, "temperature": 21.5, "rgb": [255, 0, 10], "effect": null}"#)
        let again = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(original))
        XCTAssertEqual(again, original)
    }

    func testIntegersBeyondSixtyFourBitsBecomeDoubles() throws {
        XCTAssertEqual(try decode("18446744073709551616"), .double(18446744073709551616))
    }

    func testMalformedInputIsAnError() {
        for text in ["", "{", "[1,", "{\"a\" 1}", "tru", "\"unterminated"] {
            XCTAssertThrowsError(try decode(text), text)
        }
    }

    func testKindNamesAndObjectAccess() throws {
        XCTAssertEqual(JSONValue.array([]).kindName, "an array")
        XCTAssertEqual(try decode(#"{"a": 1}"#).objectValue, ["a": .integer(1)])
        XCTAssertNil(JSONValue.string("x").objectValue)
    }
}
