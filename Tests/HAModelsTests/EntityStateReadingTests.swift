import Essentials
import Foundation
import HAModels
import XCTest

/// A diff applied straight from its bytes gives the state that applying the decoded diff gives,
/// for every field, null and order, and malformed diffs are errors.
final class EntityStateReadingTests: XCTestCase {
    private let base = EntityState(
        entityID: "light.x", state: "on", attributes: ["brightness": .integer(255), "hs": .array([.double(1.5), .integer(2)]), "name": .string("X")],
        lastChanged: Date(timeIntervalSince1970: 10), lastUpdated: Date(timeIntervalSince1970: 12.5),
        context: HAContext(id: "c1", parentID: "p1", userID: "u1")
    )

    private func applied(_ text: String, to state: EntityState) throws -> EntityState {
        var state = state
        var text = text
        try text.withUTF8 { bytes in
            var reader = JSONReader(bytes)
            try state.apply(reading: &reader)
            try reader.end()
        }
        return state
    }

    func testEveryKindOfDiffReadsAsTheDecodedDiffApplies() throws {
        let diffs = [
            #"{"+":{"s":"off","lc":20.25}}"#,
            #"{"+":{"lu":30}}"#,
            #"{"+":{"lc":20,"lu":40}}"#,
            #"{"+":{"s":null,"a":null,"c":null}}"#,
            #"{"+":{"a":{"brightness":10,"new":{"deep":[1,"two",null]}}},"-":{"a":["hs"]}}"#,
            #"{"-":{"a":["name","absent"]},"+":{"a":{"name":"back"}}}"#,
            #"{"-":{"a":["name"]},"+":{"a":{"name":"back"}}}"#,
            #"{"+":{"c":"c2"}}"#,
            #"{"+":{"c":{"id":"c3","user_id":null}}}"#,
            #"{"+":{"c":{"parent_id":"p9"}},"future":[1,2]}"#,
            #"{}"#,
        ]
        for text in diffs {
            var event = #"{"c":{"light.x":"# + text + "}}"
            let decoded = try XCTUnwrap(try event.withUTF8 { bytes in try EntitiesEvent(reading: bytes) }.changed?["light.x"])
            XCTAssertEqual(try applied(text, to: base), base.applying(decoded), text)
        }
    }

    func testMalformedDiffsAreErrors() {
        for text in [#"{"+":{"a":[1]}}"#, #"{"+":{"s":1}}"#, #"{"-":{"b":[]}}"#, #"{"-":{"a":[1]}}"#, #"{"+":{"lc":"x"}}"#,
                     #"{"+":{"c":5}}"#, #"{"+":{"a":{"k":}}}"#, #"{"+":{"s":"of"#, #"[]"#] {
            XCTAssertThrowsError(try applied(text, to: base), text)
        }
    }
}
