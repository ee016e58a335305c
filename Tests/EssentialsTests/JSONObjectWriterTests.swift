import Essentials
import XCTest

/// An object written member by member is the serializer's text of the same object.
final class JSONObjectWriterTests: XCTestCase {
    func testWritesWhatTheSerializerWrites() throws {
        var inner = JSONObjectWriter()
        inner.integer("a", Int.min)
        inner.integer("b", 0)
        inner.string("c", "quote \" backslash \\ newline \n control \u{1} é 🏠")
        var outer = JSONObjectWriter()
        outer.string("empty", "")
        outer.object("inner", inner)
        outer.object("none", JSONObjectWriter())
        outer.integer("z", 42)
        let value = JSONValue.object([
            "empty": .string(""), "none": .object([:]), "z": .integer(42),
            "inner": .object(["a": .integer(Int64(Int.min)), "b": .integer(0), "c": .string("quote \" backslash \\ newline \n control \u{1} é 🏠")]),
        ])
        XCTAssertEqual(outer.finished(), try JSONSerializer.data(value))
        XCTAssertEqual(JSONObjectWriter().finished(), Array("{}".utf8))
        XCTAssertEqual(outer.finished(), outer.finished(), "finishing leaves a writer used again as it was")
        outer.integer("later", 1)
        XCTAssertEqual(outer.finished().suffix(11), Array(#","later":1}"#.utf8))
    }
}
