import Essentials
import XCTest

/// The reader hands a string's UTF-8 over as the parser reads the string: straight from the input
/// when it can, decoded when it has escapes or non-ASCII text, and bad strings are errors.
final class JSONReaderTests: XCTestCase {
    private func stringBytes(_ text: String) throws -> String {
        try stringBytes(Array(text.utf8))
    }

    private func stringBytes(_ input: [UInt8]) throws -> String {
        try input.withUnsafeBufferPointer { bytes in
            var reader = JSONReader(bytes)
            let read = try reader.withString { utf8 in String(decoding: utf8, as: UTF8.self) }
            try reader.end()
            return read
        }
    }

    func testAStringsBytesAreWhatTheParserReads() throws {
        for text in [#""plain""#, #""""#, #"  "padded"  "#, #""with \"escapes\" \\ \/ \n \u00e9 \ud83d\ude00""#, #""ünïcödé °C""#,
                     "\"\(String(repeating: "long ", count: 100))\""] {
            XCTAssertEqual(try stringBytes(text), try JSONParser.parse(text).stringValue, text)
        }
    }

    func testBadStringsAreErrors() {
        for text in [#""open"#, #"7"#, #"{"a":1}"#, #""bad \x escape""#, "\"control \u{1} character\"", #""\ud800""#, ""] {
            XCTAssertThrowsError(try stringBytes(text), text)
        }
        XCTAssertThrowsError(try stringBytes([0x22, 0xFF, 0x22]), "a byte that is not UTF-8")
        XCTAssertThrowsError(try stringBytes([0x22, 0xC3, 0x22]), "UTF-8 cut short")
    }

    private func keys(_ text: String) throws -> [String] {
        var text = text
        return try text.withUTF8 { bytes in
            var reader = JSONReader(bytes)
            var keys: [String] = []
            try reader.objectWithKeyBytes { reader, key throws(JSONParseError) in
                keys.append(String(decoding: key, as: UTF8.self))
                try reader.skip()
            }
            try reader.end()
            return keys
        }
    }

    func testObjectKeysAsBytesAreTheKeysTheParserReads() throws {
        XCTAssertEqual(try keys(#"{"plain":1, "with \"escape\"" : [2] ,"ünï":{"x":3},"":null}"#), ["plain", #"with "escape""#, "ünï", ""])
        XCTAssertEqual(try keys("{}"), [])
        XCTAssertEqual(try keys(" { } "), [])
        for text in [#"{"a":1"#, #"{"a" 1}"#, #"{"a":1,}"#, #"{a:1}"#, #"{"a":1 "b":2}"#, #"{"\x":1}"#, #"["a"]"#, #"{"a":}"#, "{"] {
            XCTAssertThrowsError(try keys(text), text)
        }
    }
}
