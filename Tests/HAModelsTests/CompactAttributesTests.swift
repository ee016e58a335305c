import Essentials
import HAModels
import XCTest

/// A compact state's attributes hold every JSON value losslessly, change in place, take a
/// fraction of a dictionary's memory, and stay bounded when a server sends ever new names.
final class CompactAttributesTests: XCTestCase {
    private func state(_ attributes: String, keys: AttributeKeys) throws -> CompactEntityState {
        var text = #"{"s":"on","a":"# + attributes + #","c":"01HCONTEXT0000000000000000","lc":1}"#
        let state = try text.withUTF8 { bytes in
            var reader = JSONReader(bytes)
            return try CompactEntityState(reading: &reader, keys: keys)
        }
        return try XCTUnwrap(state, "a state with its state text and last-changed time")
    }

    private func apply(_ diff: String, to state: inout CompactEntityState, keys: AttributeKeys) throws {
        var diff = diff
        try diff.withUTF8 { bytes in
            var reader = JSONReader(bytes)
            try state.apply(reading: &reader, keys: keys)
            try reader.end()
        }
    }

    private func set(_ name: String, _ value: String, in state: inout CompactEntityState, keys: AttributeKeys) throws {
        try apply(#"{"+":{"a":{"\#(name)":\#(value)}}}"#, to: &state, keys: keys)
    }

    func testEveryValueSurvivesAsTheParserReadsIt() throws {
        let text = #"{"int":255,"negative":-9223372036854775808,"big":9223372036854775807,"double":1.0,"tiny":5e-324,"#
            + #""zero":-0.0,"text":"with \"escapes\" \u00e9 and \ud83d\ude00","empty":"","long":"\#(String(repeating: "y", count: 300))","#
            + #""t":true,"f":false,"n":null,"list":[1,2.5,"3",[],{}],"object":{"a":{"b":[null]},"a2":1},"é":"named in UTF-8"}"#
        let keys = AttributeKeys()
        let compact = try state(text, keys: keys)
        XCTAssertEqual(compact.attributes(keys: keys), try JSONParser.parse(text).objectValue)
        guard case .double(let zero)? = compact.attributes(keys: keys)["zero"] else { return XCTFail("-0.0 is a double") }
        XCTAssertEqual(zero.sign, .minus)
    }

    func testSettingInPlaceGrowingAddingAndRemoving() throws {
        let keys = AttributeKeys()
        var compact = try state(#"{"brightness":1,"name":"short","hs":[1,2]}"#, keys: keys)
        let size = compact.byteCount
        try set("brightness", "200", in: &compact, keys: keys)
        try apply(#"{"+":{"c":"01HCONTEXT0000000000000001"}}"#, to: &compact, keys: keys)
        XCTAssertEqual(compact.byteCount, size, "an integer for an integer, a context id for one: the same bytes")
        XCTAssertEqual(compact.context, HAContext(id: "01HCONTEXT0000000000000001"))
        try set("name", #""a good deal longer than before""#, in: &compact, keys: keys)
        try set("added", "{\"x\":[true]}", in: &compact, keys: keys)
        try apply(#"{"-":{"a":["hs","never there"]}}"#, to: &compact, keys: keys)
        XCTAssertEqual(compact.attributes(keys: keys), [
            "brightness": .integer(200), "name": .string("a good deal longer than before"), "added": .object(["x": .array([.bool(true)])]),
        ])
        try set("brightness", "2.5", in: &compact, keys: keys)
        XCTAssertEqual(compact.attributes(keys: keys)["brightness"], .double(2.5), "an integer became a double")
        try apply(#"{"+":{"c":{"id":"a shorter id","user_id":"u"}}}"#, to: &compact, keys: keys)
        XCTAssertEqual(compact.context, HAContext(id: "a shorter id", parentID: nil, userID: "u"))
        try apply(#"{"-":{"a":["brightness","name","added"]}}"#, to: &compact, keys: keys)
        XCTAssertEqual(compact.attributes(keys: keys), [:])
        XCTAssertEqual(compact.context, HAContext(id: "a shorter id", parentID: nil, userID: "u"), "the context is left as it was")
    }

    func testADiffIsMergedWholeWithTheLastValueOfANameNamedTwice() throws {
        let keys = AttributeKeys()
        var compact = try state(#"{"a":1,"b":"x","c":[1,2],"d":null,"b":"y"}"#, keys: keys)
        XCTAssertEqual(compact.attributes(keys: keys), ["a": .integer(1), "b": .string("y"), "c": .array([.integer(1), .integer(2)]), "d": .null])
        let size = compact.byteCount
        try apply(#"{"+":{"a":{"a":7,"c":[5,6],"a":8}}}"#, to: &compact, keys: keys)
        XCTAssertEqual(compact.byteCount, size, "values of the same size, written in place")
        try apply(#"{"+":{"a":{"e":true,"b":"longer","a":2,"e":false,"d":{"k":"v"}}}}"#, to: &compact, keys: keys)
        XCTAssertEqual(compact.attributes(keys: keys), [
            "a": .integer(2), "b": .string("longer"), "c": .array([.integer(5), .integer(6)]), "d": .object(["k": .string("v")]), "e": .bool(false),
        ])
        try apply(#"{"+":{"a":{}}}"#, to: &compact, keys: keys)
        XCTAssertEqual(compact.attributes(keys: keys).count, 5, "an empty diff changes nothing")
    }

    func testNamesAreKeptOnceAndTheTableIsBounded() throws {
        let keys = AttributeKeys()
        var shared: [CompactEntityState] = []
        for index in 0..<100 { shared.append(try state(#"{"friendly_name":"Sensor \#(index)","unit_of_measurement":"°C"}"#, keys: keys)) }
        XCTAssertEqual(keys.count, 2, "100 entities share two names")
        XCTAssertLessThan(shared[0].byteCount, 27 + 3 + 20, "a context id, two absent ids, and a byte for each name")
        // A server sending ever new names fills the table, then names are written out in full.
        var flood = try state("{}", keys: keys)
        let names = (0..<(AttributeKeys.capacity + 50)).map { "name\($0)" }
        for chunk in stride(from: 0, to: names.count, by: 500) {
            let members = names[chunk..<min(chunk + 500, names.count)].map { #""\#($0)":\#($0.dropFirst(4))"# }
            try apply(#"{"+":{"a":{\#(members.joined(separator: ","))}}}"#, to: &flood, keys: keys)
        }
        XCTAssertEqual(keys.count, AttributeKeys.capacity)
        let last = names[names.count - 1], beforeLast = names[names.count - 2]
        XCTAssertEqual(flood.attributes(keys: keys).count, names.count)
        XCTAssertEqual(flood.attributes(keys: keys)[last], .integer(Int64(names.count - 1)))
        try set(last, "\"changed\"", in: &flood, keys: keys)
        try apply(#"{"-":{"a":["\#(beforeLast)"]}}"#, to: &flood, keys: keys)
        XCTAssertEqual(flood.attributes(keys: keys)[last], .string("changed"), "a written-out name is found again")
        XCTAssertNil(flood.attributes(keys: keys)[beforeLast])
        try apply(#"{"+":{"a":{"\#(last)":1,"brand new":1,"\#(last)":2,"brand new":[3],"name0":"kept"}}}"#, to: &flood, keys: keys)
        let merged = flood.attributes(keys: keys)
        XCTAssertEqual([merged[last], merged["brand new"], merged["name0"]], [.integer(2), .array([.integer(3)]), .string("kept")],
                       "written-out names named twice in one diff: the last value counts")
        XCTAssertEqual(merged.count, names.count)
        try apply(#"{"-":{"a":["name1","\#(last)","name1","nowhere","brand new"]}}"#, to: &flood, keys: keys)
        let left = flood.attributes(keys: keys)
        XCTAssertEqual(left.count, names.count - 3, "a numbered name, two written out, one named twice, one never there")
        XCTAssertNil(left["name1"] ?? left[last] ?? left["brand new"])
    }

    func testTruncatedOversizedAndMalformedInputIsAnError() throws {
        let keys = AttributeKeys()
        let deep = String(repeating: "[", count: JSONParser.maximumDepth + 20) + String(repeating: "]", count: JSONParser.maximumDepth + 20)
        for text in [#"{"k":"#, #"{"k":[1,2"#, #"{"k":{"a":1"#, #"{"k":1,}"#, #"["k"]"#, #"{"k":"\x"}"#, #"{"k":nul}"#, #"{"k":1e}"#,
                     #"{"k":"\#u{1}"}"#, "{\"k\":\(deep)}", #"{k:1}"#, ""] {
            XCTAssertThrowsError(try state(text, keys: keys), text)
        }
        var compact = try state(#"{"k":1}"#, keys: keys)
        for diff in [#"{"+":{"a":{"k":[1,}}}"#, #"{"+":{"a":{"k":}}}"#, #"{"+":{"c":"unterminated}}"#, #"{"+":{"c":7}}"#] {
            XCTAssertThrowsError(try apply(diff, to: &compact, keys: keys), diff)
        }
        XCTAssertEqual(compact.attributes(keys: keys), ["k": .integer(1)], "a value that could not be read leaves the old one")
    }
}
