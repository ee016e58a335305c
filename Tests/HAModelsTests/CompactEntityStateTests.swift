import Essentials
import Foundation
import HAModels
import XCTest

/// A state read into its compact form and a diff applied to it straight from its bytes give what
/// the decoded state and diff give, for every field, null and order; malformed input is an error.
final class CompactEntityStateTests: XCTestCase {
    private let baseText = #"{"s":"on","a":{"brightness":255,"hs":[1.5,2],"name":"X"},"c":{"id":"c1","parent_id":"p1","user_id":"u1"},"lc":10,"lu":12.5}"#

    private func reading<Value>(_ text: String, _ body: (inout JSONReader) throws -> Value) throws -> Value {
        var text = text
        return try text.withUTF8 { bytes in
            var reader = JSONReader(bytes)
            let value = try body(&reader)
            try reader.end()
            return value
        }
    }

    private func compact(_ text: String, keys: AttributeKeys) throws -> CompactEntityState? {
        try reading(text) { reader in try CompactEntityState(reading: &reader, keys: keys) }
    }

    /// The decoded reference: the state as `EntityState(entityID:compressed:)` makes it.
    private func decoded(_ text: String) throws -> EntityState? {
        var event = #"{"a":{"light.x":"# + text + "}}"
        let added = try event.withUTF8 { bytes in try EntitiesEvent(reading: bytes) }.added?["light.x"]
        return EntityState(entityID: "light.x", compressed: try XCTUnwrap(added))
    }

    /// The decoded diff, as `CompressedEntityDiff` reads it.
    private func decodedDiff(_ text: String) throws -> CompressedEntityDiff {
        var event = #"{"c":{"light.x":"# + text + "}}"
        return try XCTUnwrap(try event.withUTF8 { bytes in try EntitiesEvent(reading: bytes) }.changed?["light.x"])
    }

    func testAStateReadsAsTheDecodedStateExpands() throws {
        let keys = AttributeKeys()
        for text in [baseText, #"{"s":"off","lc":3}"#, #"{"s":"off","a":null,"c":"only-id","lc":3,"lu":null}"#,
                     #"{"s":"x","a":{"deep":{"list":[{"k":null},true,false,-0.0,1e300,-9223372036854775808]},"é":"ünï"},"lc":1.25,"future":{}}"#,
                     #"{"s":"x","a":{"twice":1,"other":2,"twice":"last"},"lc":1}"#,
                     #"{"s":"x","a":{"d":[[[[[[[[[[[[[[[[[[[[{"k":[1]}]]]]]]]]]]]]]]]]]]]]},"lc":1}"#] {
            let state = try XCTUnwrap(compact(text, keys: keys), text)
            XCTAssertEqual(state.expanded(entityID: "light.x", keys: keys), try decoded(text), text)
        }
    }

    func testAStateWithoutItsStateOrLastChangedIsLeftOut() throws {
        let keys = AttributeKeys()
        XCTAssertNil(try compact(#"{"a":{"k":1},"lc":1}"#, keys: keys))
        XCTAssertNil(try compact(#"{"s":null,"lc":1}"#, keys: keys))
        XCTAssertNil(try compact(#"{"s":"on"}"#, keys: keys))
    }

    func testEveryKindOfDiffReadsAsTheDecodedDiffApplies() throws {
        let diffs = [
            #"{"+":{"s":"off","lc":20.25}}"#,
            #"{"+":{"lu":30}}"#,
            #"{"+":{"lc":20,"lu":40}}"#,
            #"{"+":{"s":null,"a":null,"c":null}}"#,
            #"{"+":{"a":{"brightness":10,"new":{"deep":[1,"two",null]}}},"-":{"a":["hs"]}}"#,
            #"{"+":{"a":{"brightness":10.5,"name":"a longer name than before","hs":[3]}}}"#,
            #"{"+":{"a":{"name":"Y"}}}"#,
            #"{"-":{"a":["name","absent"]},"+":{"a":{"name":"back"}}}"#,
            #"{"-":{"a":["name"]},"+":{"a":{"name":"back"}}}"#,
            #"{"-":{"a":["brightness","hs","name"]}}"#,
            #"{"+":{"c":"c2"}}"#,
            #"{"+":{"c":{"id":"c3","user_id":null}}}"#,
            #"{"+":{"c":{"parent_id":"p9"}},"future":[1,2]}"#,
            #"{}"#,
        ]
        let keys = AttributeKeys()
        let base = try XCTUnwrap(try decoded(baseText))
        for text in diffs {
            var state = try XCTUnwrap(compact(baseText, keys: keys))
            try reading(text) { reader in try state.apply(reading: &reader, keys: keys) }
            XCTAssertEqual(state.expanded(entityID: "light.x", keys: keys), base.applying(try decodedDiff(text)), text)
        }
    }

    func testDiffsOneAfterAnotherKeepEveryAttribute() throws {
        let keys = AttributeKeys()
        var state = try XCTUnwrap(compact(baseText, keys: keys))
        var reference = try XCTUnwrap(try decoded(baseText))
        for step in 0..<200 {
            let text = switch step % 4 {
            case 0: #"{"+":{"a":{"brightness":\#(step),"n\#(step % 7)":"v\#(String(repeating: "x", count: step % 13))"}}}"#
            case 1: #"{"+":{"a":{"hs":[\#(step),\#(Double(step) / 4)]}},"-":{"a":["n\#((step + 3) % 7)"]}}"#
            case 2: #"{"+":{"s":"\#(step)","lc":\#(step)}}"#
            default: #"{"+":{"a":{"brightness":null,"name":{"nested":\#(step)}}}}"#
            }
            try reading(text) { reader in try state.apply(reading: &reader, keys: keys) }
            reference = reference.applying(try decodedDiff(text))
            XCTAssertEqual(state.expanded(entityID: "light.x", keys: keys), reference, "step \(step): \(text)")
        }
    }

    func testMalformedInputIsAnError() throws {
        let keys = AttributeKeys()
        for text in [#"{"+":{"a":[1]}}"#, #"{"+":{"s":1}}"#, #"{"-":{"b":[]}}"#, #"{"-":{"a":[1]}}"#, #"{"+":{"lc":"x"}}"#,
                     #"{"+":{"c":5}}"#, #"{"+":{"a":{"k":}}}"#, #"{"+":{"s":"of"#, #"[]"#, #"{"+":{"a":{"k":[1,}}}"#,
                     #"{"+":{"a":{"k":"\ud800"}}}"#, #"{"+":{"a":{"k":tru}}}"#] {
            var state = try XCTUnwrap(compact(baseText, keys: keys))
            XCTAssertThrowsError(try reading(text) { reader in try state.apply(reading: &reader, keys: keys) }, text)
        }
        for text in [#"{"s":"on","a":[],"lc":1}"#, #"{"s":"on","a":{"k":01},"lc":1}"#, #"{"s":"on","a":{"k":"open"#, #"{"s":"on","lc":1"#,
                     #"{"s":"on","a":{"k":{"deep":[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]}},"lc":1,}"#] {
            XCTAssertThrowsError(try compact(text, keys: keys), text)
        }
    }
}
