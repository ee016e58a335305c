@testable import Transport
import XCTest

final class StreamEventParserTests: XCTestCase {
    private func events(_ text: String, byteByByte: Bool = false, limit: Int = 1_000) throws -> [StreamEvent] {
        var parser = StreamEventParser(maximumEventSize: limit)
        let bytes = Array(text.utf8)
        guard byteByByte else { return try parser.parse(bytes) }
        return try bytes.flatMap { try parser.parse([$0]) }
    }

    func testEventsDataLinesCommentsAndLineEndings() throws {
        let text = ": keep-alive\n\nevent: ready\ndata: {}\n\nevent:notification\r\ndata: line one\r\ndata:line two\r\n\r\ndata: plain\rid: 7\rretry: 10\r\r"
        let expected = [
            StreamEvent(name: "ready", data: "{}"), StreamEvent(name: "notification", data: "line one\nline two"),
            StreamEvent(name: "message", data: "plain", id: "7"),
        ]
        XCTAssertEqual(try events(text), expected)
        XCTAssertEqual(try events(text, byteByByte: true), expected)
    }

    func testTheLastEventIDPersistsUntilReplacedAndOneWithANULIsIgnored() throws {
        let text = "id: 1\ndata: a\n\ndata: b\n\nid: 2\ndata: c\n\nid: 3\u{0}\ndata: d\n\n"
        XCTAssertEqual(try events(text).map(\.id), ["1", "1", "2", "2"])
        XCTAssertEqual(try events("data: x\n\n").first?.id, nil)
    }

    func testInvalidUTF8InAnEventBecomesReplacementCharacters() throws {
        // Found by the sse fuzz target (whose invariant counted bytes; a replaced byte is three).
        let events = try events("vent: \nda\u{1}\0\0\0b\r\n\r\ni\0\0x\r\ndata:a\0d\n\n" + "data: \u{FFFD}\n\n")
        XCTAssertEqual(events.count, 2)
        var parser = StreamEventParser(maximumEventSize: 100)
        let invalid = try parser.parse([0x64, 0x61, 0x74, 0x61, 0x3A, 0xE7, 0x64, 0x40, 0x0A, 0x0A])
        XCTAssertEqual(invalid.map(\.data), ["\u{FFFD}d@"])
    }

    func testAnEventWithoutDataOrABlankLineIsNotDispatched() throws {
        XCTAssertEqual(try events("event: lonely\n\n"), [])
        XCTAssertEqual(try events("data: unfinished\n"), [], "truncated: waits for the blank line")
        XCTAssertEqual(try events("nonsense line without colon\ndata: x\n\n"), [StreamEvent(name: "message", data: "x")])
    }

    func testAnOversizedEventComesWithoutItsDataAndTheStreamGoesOn() throws {
        let big = "id: 7\nevent: notification\ndata: " + String(repeating: "x", count: 2_000) + "\n\n"
        let next = "id: 8\nevent: notification\ndata: small\n\n"
        let expected = [StreamEvent(name: "notification", data: "", id: "7", isOversized: true), StreamEvent(name: "notification", data: "small", id: "8")]
        XCTAssertEqual(try events(big + next), expected)
        XCTAssertEqual(try events(big + next, byteByByte: true), expected, "the same however the bytes arrive")
        let many = try events("id: 9\n" + String(repeating: "data: xxxxxxxxxx\n", count: 100) + "\n")
        XCTAssertEqual(many, [StreamEvent(name: "message", data: "", id: "9", isOversized: true)], "many small data lines add up")
        let longID = try events("id: " + String(repeating: "1", count: 2_000) + "\ndata: x\n\n")
        XCTAssertEqual(longID, [StreamEvent(name: "message", data: "", id: nil, isOversized: true)], "a cut line is not applied")
    }
}
