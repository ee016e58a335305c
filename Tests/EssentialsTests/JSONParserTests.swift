import Essentials
import XCTest

final class JSONParserTests: XCTestCase {
    func testKeepsIntegersApartFromDoubles() throws {
        let value = try JSONParser.parse(#"{"i": 255, "d": 1.0, "e": 1e3, "n": -0, "big": 9223372036854775807, "bigger": 9223372036854775808}"#)
        XCTAssertEqual(value, .object([
            "i": .integer(255), "d": .double(1.0), "e": .double(1000), "n": .integer(0),
            "big": .integer(Int64.max), "bigger": .double(9223372036854775808),
        ]))
    }

    func testIntegersAtEveryLengthAndBothEndsOfTheRange() throws {
        XCTAssertEqual(try JSONParser.parse("999999999999999999"), .integer(999_999_999_999_999_999), "18 digits, added up directly")
        XCTAssertEqual(try JSONParser.parse("-999999999999999999"), .integer(-999_999_999_999_999_999))
        XCTAssertEqual(try JSONParser.parse("9223372036854775807"), .integer(.max), "19 digits, through text")
        XCTAssertEqual(try JSONParser.parse("-9223372036854775808"), .integer(.min))
        XCTAssertEqual(try JSONParser.parse("9223372036854775808"), .double(9_223_372_036_854_775_808), "past 64 bits: a double")
        XCTAssertEqual(try JSONParser.parse("-0"), .integer(0))
        XCTAssertEqual(try JSONParser.parse("[0,-1,10,255]"), .array([.integer(0), .integer(-1), .integer(10), .integer(255)]))
        XCTAssertEqual(try JSONParser.parse(" {\"a\": 1, \"a\": 2} "), .object(["a": .integer(2)]), "a repeated key: the last wins")
        XCTAssertEqual(try JSONParser.parse(Array("[\"é\", \"ascii\"]".utf8)[...]), .array([.string("é"), .string("ascii")]), "a slice parses in place")
    }

    func testDecimalsReadDirectlyAreTheDoublesTheTextNames() throws {
        var generator = SystemRandomNumberGenerator()
        var texts = ["0.0", "-0.0", "0.1", "0.05", "1795000059.295202", "9007199254740.992", "9007199254740.993", "0.3333333333333333",
                     "123456789012345.6", "1.0000000000000002", "4.35", "0.0000000000000000000001", "-17.2"]
        for _ in 0..<20_000 {
            let whole = String(UInt64.random(in: 0...9_999_999_999, using: &generator))
            let fraction = String(UInt64.random(in: 0...999_999_999, using: &generator)).prefix(Int.random(in: 1...9, using: &generator))
            texts.append((Bool.random(using: &generator) ? "-" : "") + whole + "." + fraction)
        }
        for text in texts {
            let parsed = try JSONParser.parse(text)
            guard case .double(let value) = parsed else { return XCTFail("\(text) gave \(parsed)") }
            let expected = try XCTUnwrap(Double(text))
            XCTAssertEqual(value.bitPattern, expected.bitPattern, text)
        }
    }

    func testIntegersOfEveryLengthAreTheNumbersTheTextNames() throws {
        var generator = SystemRandomNumberGenerator()
        var texts = ["0", "-0", "9", "999999999999999999", "1000000000000000000", "9223372036854775807", "-9223372036854775808",
                     "9223372036854775808", "-9223372036854775809", "123456789012345678901234567890"]
        for digits in 1...20 {
            for _ in 0..<200 {
                let text = String(UInt8.random(in: 1...9, using: &generator)) + (1..<digits).map { _ in String(UInt8.random(in: 0...9, using: &generator)) }.joined()
                texts.append((Bool.random(using: &generator) ? "-" : "") + text)
            }
        }
        for text in texts {
            let parsed = try JSONParser.parse(text)
            if let integer = Int64(text) {
                XCTAssertEqual(parsed, .integer(integer), text)
            } else {
                XCTAssertEqual(parsed, .double(try XCTUnwrap(Double(text))), "\(text): beyond 64 bits, a double")
            }
        }
    }

    func testRoundTripsTextExactlyForCanonicalInput() throws {
        let text = #"{"a":[1,1.0,2.5,-3,1.0e-07,true,false,null],"b":{"c":"quote \" slash \\ newline \n tab \t é 🏠"},"d":{}}"#
        let written = try JSONSerializer.string(JSONParser.parse(text))
        XCTAssertEqual(try JSONParser.parse(written), try JSONParser.parse(text))
        XCTAssertEqual(try JSONSerializer.string(.array([.double(1), .integer(1), .double(0.1)])), "[1.0,1,0.1]")
    }

    func testDecodesEscapesAndSurrogatePairs() throws {
        XCTAssertEqual(try JSONParser.parse(#""\u00e9\ud83c\udfe0\/\b\f\r""#), .string("é🏠/\u{08}\u{0C}\r"))
    }

    func testWritesControlCharactersEscaped() throws {
        XCTAssertEqual(try JSONSerializer.string(.string("a\u{01}b")), #""a\u0001b""#)
    }

    func testRefusesNonFiniteNumbersWhenWriting() {
        XCTAssertThrowsError(try JSONSerializer.data(.object(["t": .double(.nan)]))) { error in
            XCTAssertEqual((error as? JSONEncodingError)?.path, "t")
        }
        let nested = JSONValue.object(["a": .integer(1), "b": .array([.double(1), .object(["c": .double(-.infinity)])])])
        for pretty in [false, true] {
            XCTAssertThrowsError(try JSONSerializer.string(nested, pretty: pretty)) { error in
                XCTAssertEqual((error as? JSONEncodingError)?.path, "b[1].c")
                XCTAssertEqual((error as? JSONEncodingError)?.reason, "-inf cannot be written as JSON")
            }
        }
    }

    func testWritesEveryValueExactly() throws {
        let value = JSONValue.object([
            "i": .array([.integer(0), .integer(-1), .integer(42), .integer(.max), .integer(.min)]),
            "d": .array([.double(0), .double(-0.0), .double(1e300), .double(.leastNonzeroMagnitude), .double(123.25)]),
            "s": .array([.string(""), .string("plain"), .string("q\"b\\n\nr\rt\tc\u{1F}"), .string("é 🏠")]),
            "l": .array([.null, .bool(true), .bool(false), .array([]), .object([:])]),
        ])
        XCTAssertEqual(try JSONSerializer.string(value), #"{"d":[0.0,-0.0,1e+300,5e-324,123.25],"i":[0,-1,42,9223372036854775807,-9223372036854775808],"#
            + #""l":[null,true,false,[],{}],"s":["","plain","q\"b\\n\nr\rt\tc\u001f","é 🏠"]}"#)
        XCTAssertEqual(try JSONParser.parse(JSONSerializer.data(value)), value)
    }

    func testTruncatedInputNamesWhereItStopped() {
        let cases = [
            #"{"event": {"data": {"state": "o"#: "event.data.state",
            #"{"result": [1, 2"#: "result",
            #"{"result": [1, {"s": tru"#: "result[1].s",
            #"{"a":"#: "a",
            "": "",
        ]
        for (text, path) in cases {
            XCTAssertThrowsError(try JSONParser.parse(text), text) { error in
                XCTAssertEqual((error as? JSONParseError)?.path, path, "\(text): \(error)")
            }
        }
    }

    func testMalformedInputIsRejected() {
        let cases = [
            "[1,]", "{\"a\":1,}", "01", "1.", "-", "1e", "+1", "[1 2]", "{\"a\" 1}", "{a:1}", "'x'", "tru", "nul",
            "\"\\x\"", "\"\\ud800\"", "\"\\udc00\"", "\"a\u{01}\"", "[1]]", "NaN", "1e999",
        ]
        for text in cases {
            XCTAssertThrowsError(try JSONParser.parse(text), text)
        }
    }

    func testInvalidUTF8IsRejected() {
        XCTAssertThrowsError(try JSONParser.parse([0x22, 0xC3, 0x28, 0x22])) { error in
            XCTAssertEqual((error as? JSONParseError)?.reason, "a string is not valid UTF-8")
        }
    }

    func testDeepNestingIsRefusedNotOverflowed() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertThrowsError(try JSONParser.parse(deep)) { error in
            XCTAssertTrue((error as? JSONParseError)?.reason.contains("nesting deeper than 512") ?? false)
        }
        XCTAssertNoThrow(try JSONParser.parse(String(repeating: "[", count: 500) + String(repeating: "]", count: 500)))
    }

    func testOversizedInputIsRefusedByTheDecoder() {
        let decoder = JSONValueDecoder(maximumSize: 16)
        XCTAssertThrowsError(try decoder.decode(JSONValue.self, from: Array(#"{"a": "0123456789abcdef"}"#.utf8))) { error in
            XCTAssertTrue("\(error)".contains("at most 16 are decoded"), "\(error)")
        }
    }
}
