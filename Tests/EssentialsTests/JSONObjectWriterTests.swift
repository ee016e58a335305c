import Essentials
import XCTest

/// An object written member by member is the serializer's text of the same object.
final class JSONObjectWriterTests: XCTestCase {
    func testWritesWhatTheSerializerWrites() throws {
        var outer = JSONObjectWriter()
        outer.string("empty", "")
        outer.object("inner") { inner in
            inner.integer("a", Int.min)
            inner.integer("b", 0)
            inner.string("c", "quote \" backslash \\ newline \n control \u{1} é 🏠")
        }
        outer.object("none") { _ in }
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

    /// An object written inside its parent's bytes reads as one written on its own: its members
    /// separated, the parent's before and after it too, at any depth.
    func testAnObjectWrittenInPlaceIsTheSerializersText() throws {
        var outer = JSONObjectWriter()
        outer.integer("a", -120)
        outer.object("b") { inner in
            inner.integer("c", 7)
            inner.object("d") { _ in }
            inner.object("e") { deeper in
                deeper.string("f", "x")
                deeper.integer("g", 1_234_567_890)
            }
        }
        outer.object("h") { _ in }
        outer.integer("i", 0)
        let value = JSONValue.object([
            "a": .integer(-120), "h": .object([:]), "i": .integer(0),
            "b": .object(["c": .integer(7), "d": .object([:]), "e": .object(["f": .string("x"), "g": .integer(1_234_567_890)])]),
        ])
        XCTAssertEqual(outer.finished(), try JSONSerializer.data(value))
        var first = JSONObjectWriter()
        first.object("only") { $0.integer("n", 10) }
        XCTAssertEqual(first.finished(), Array(#"{"only":{"n":10}}"#.utf8))
    }
}
