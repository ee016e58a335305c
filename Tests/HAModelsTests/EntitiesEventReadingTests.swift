import Essentials
import Foundation
import HAModels
import XCTest

/// The bytes reader of `subscribe_entities` events agrees with the tree decoder on every captured
/// event, and turns truncated, oversized-nesting and wrongly typed input into errors.
final class EntitiesEventReadingTests: XCTestCase {
    private func read(_ text: String) throws -> EntitiesEvent {
        var text = text
        return try text.withUTF8 { bytes in try EntitiesEvent(reading: bytes) }
    }

    func testEveryCapturedEventReadsAsTheTreeDecoderDecodesIt() throws {
        for name in ["ws_event_entities_added", "ws_event_entities_added_one", "ws_event_entities_changed", "ws_event_entities_removed"] {
            let value = try Fixture(name).value(at: "event")
            let read = try read(try JSONSerializer.string(value))
            XCTAssertEqual(read, try EntitiesEvent(json: value), name)
        }
    }

    func testEveryFieldAndItsNullsAndUnknownKeys() throws {
        let event = try read("""
        {"a":{"light.x":{"s":"on","a":{"brightness":255,"hs":[1.5,2]},"c":"ctx","lc":10,"lu":12.5,"new":{"x":[1]}}},
         "c":{"light.x":{"+":{"s":"off","c":{"id":"c2","user_id":null},"lc":20.25},"-":{"a":["hs"]}}},
         "r":["sensor.gone"],"future":[{"a":"b"}]}
        """)
        let added = try XCTUnwrap(event.added?["light.x"])
        XCTAssertEqual(added.state, "on")
        XCTAssertEqual(added.attributes, ["brightness": .integer(255), "hs": .array([.double(1.5), .integer(2)])])
        XCTAssertEqual(added.context, .id("ctx"))
        XCTAssertEqual(added.lastChanged, 10)
        XCTAssertEqual(added.lastUpdated, 12.5)
        let diff = try XCTUnwrap(event.changed?["light.x"])
        XCTAssertEqual(diff.additions?.state, "off")
        XCTAssertEqual(diff.additions?.context, .context(CompressedContextFields(id: "c2", parentID: nil, userID: .some(nil) as String??)))
        XCTAssertEqual(diff.removals?.attributes, ["hs"])
        XCTAssertEqual(event.removed, ["sensor.gone"])
        XCTAssertEqual(try read(#"{"a":null,"c":null,"r":null}"#), EntitiesEvent())
    }

    func testMalformedEventsAreErrorsNeverACrash() {
        let bad = [
            "", "{", #"{"a":"#, #"{"a":{"x":{"s":"on""#, #"{"a":{"x":{"s":1}}}"#, #"{"a":{"x":{"a":[1]}}}"#,
            #"{"a":{"x":{"lc":"soon"}}}"#, #"{"c":{"x":{"-":{"b":[]}}}}"#, #"{"c":{"x":{"-":{"a":[1]}}}}"#,
            #"{"r":"x"}"#, #"{"r":[1]}"#, #"{"a":{}} trailing"#, "[]", #"{"a":{"x":{"s":"\#u{1}"}}}"#,
            String(repeating: #"{"z":"#, count: 600) + "1" + String(repeating: "}", count: 600),
        ]
        for text in bad {
            XCTAssertThrowsError(try read(text), text.prefix(60).description) { error in
                XCTAssertTrue(error is JSONParseError, "\(error)")
            }
        }
    }
}
