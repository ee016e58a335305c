import Essentials
import HAModels
import XCTest

/// Compact attributes hold every JSON value losslessly, change in place, take a fraction of a
/// dictionary's memory, and stay bounded when a server sends ever new names.
final class CompactAttributesTests: XCTestCase {
    private func attributes(_ text: String, keys: AttributeKeys) throws -> CompactAttributes {
        var text = text
        return try text.withUTF8 { bytes in
            var reader = JSONReader(bytes)
            return try CompactAttributes(reading: &reader, keys: keys)
        }
    }

    private func set(_ name: String, _ value: String, in attributes: inout CompactAttributes, keys: AttributeKeys) throws {
        var value = value
        try value.withUTF8 { bytes in
            var reader = JSONReader(bytes)
            try attributes.set(name, reading: &reader, keys: keys)
            try reader.end()
        }
    }

    func testEveryValueSurvivesAsTheParserReadsIt() throws {
        let text = #"{"int":255,"negative":-9223372036854775808,"big":9223372036854775807,"double":1.0,"tiny":5e-324,"#
            + #""zero":-0.0,"text":"with \"escapes\" \u00e9 and \ud83d\ude00","empty":"","long":"\#(String(repeating: "y", count: 300))","#
            + #""t":true,"f":false,"n":null,"list":[1,2.5,"3",[],{}],"object":{"a":{"b":[null]},"a2":1},"é":"named in UTF-8"}"#
        let keys = AttributeKeys()
        let compact = try attributes(text, keys: keys)
        XCTAssertEqual(compact.dictionary(keys: keys), try JSONParser.parse(text).objectValue)
        guard case .double(let zero)? = compact.dictionary(keys: keys)["zero"] else { return XCTFail("-0.0 is a double") }
        XCTAssertEqual(zero.sign, .minus)
    }

    func testSettingInPlaceGrowingAddingAndRemoving() throws {
        let keys = AttributeKeys()
        var compact = try attributes(#"{"brightness":1,"name":"short","hs":[1,2]}"#, keys: keys)
        let size = compact.byteCount
        try set("brightness", "200", in: &compact, keys: keys)
        XCTAssertEqual(compact.byteCount, size, "an integer for an integer: the same bytes")
        try set("name", #""a good deal longer than before""#, in: &compact, keys: keys)
        try set("added", "{\"x\":[true]}", in: &compact, keys: keys)
        compact.remove("hs", keys: keys)
        compact.remove("never there", keys: keys)
        XCTAssertEqual(compact.dictionary(keys: keys), [
            "brightness": .integer(200), "name": .string("a good deal longer than before"), "added": .object(["x": .array([.bool(true)])]),
        ])
        try set("brightness", "2.5", in: &compact, keys: keys)
        XCTAssertEqual(compact.dictionary(keys: keys)["brightness"], .double(2.5), "an integer became a double")
        for name in ["brightness", "name", "added"] { compact.remove(name, keys: keys) }
        XCTAssertEqual(compact.byteCount, 0)
        XCTAssertEqual(compact.dictionary(keys: keys), [:])
    }

    func testNamesAreKeptOnceAndTheTableIsBounded() throws {
        let keys = AttributeKeys()
        var shared: [CompactAttributes] = []
        for index in 0..<100 { shared.append(try attributes(#"{"friendly_name":"Sensor \#(index)","unit_of_measurement":"°C"}"#, keys: keys)) }
        XCTAssertEqual(keys.count, 2, "100 entities share two names")
        XCTAssertLessThan(shared[0].byteCount, 20, "each name is a byte, not its text")
        // A server sending ever new names fills the table, then names are written out in full.
        var flood = CompactAttributes()
        for index in 0..<(AttributeKeys.capacity + 50) { try set("name\(index)", "\(index)", in: &flood, keys: keys) }
        XCTAssertEqual(keys.count, AttributeKeys.capacity)
        let expanded = flood.dictionary(keys: keys)
        XCTAssertEqual(expanded.count, AttributeKeys.capacity + 50)
        XCTAssertEqual(expanded["name\(AttributeKeys.capacity + 49)"], .integer(Int64(AttributeKeys.capacity + 49)))
        try set("name\(AttributeKeys.capacity + 49)", "\"changed\"", in: &flood, keys: keys)
        flood.remove("name\(AttributeKeys.capacity + 48)", keys: keys)
        XCTAssertEqual(flood.dictionary(keys: keys)["name\(AttributeKeys.capacity + 49)"], .string("changed"), "a written-out name is found again")
        XCTAssertNil(flood.dictionary(keys: keys)["name\(AttributeKeys.capacity + 48)"])
    }

    func testTruncatedOversizedAndMalformedInputIsAnError() throws {
        let keys = AttributeKeys()
        let deep = String(repeating: "[", count: JSONParser.maximumDepth + 20) + String(repeating: "]", count: JSONParser.maximumDepth + 20)
        for text in [#"{"k":"#, #"{"k":[1,2"#, #"{"k":{"a":1"#, #"{"k":1,}"#, #"["k"]"#, #"{"k":"\x"}"#, #"{"k":nul}"#, #"{"k":1e}"#,
                     #"{"k":"\#u{1}"}"#, "{\"k\":\(deep)}", #"{k:1}"#, ""] {
            XCTAssertThrowsError(try attributes(text, keys: keys), text)
        }
        var compact = try attributes(#"{"k":1}"#, keys: keys)
        XCTAssertThrowsError(try set("k", "[1,", in: &compact, keys: keys))
        XCTAssertThrowsError(try set("k", "", in: &compact, keys: keys))
    }
}
