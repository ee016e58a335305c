import Essentials
import Foundation
@testable import Networking
import Transport
import XCTest

/// Events the reader thread applies itself: whole messages, the start of a coalesced one (the
/// rest left to the connection), nothing of a message that is not such an event, an event its
/// subscriber could not read stepped over, and nothing once the routes are closed.
final class EventReaderRoutesTests: XCTestCase {
    private final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [JSONValue] = []
        var seen: [JSONValue] { lock.withLock { values } }

        /// Reads an event; one that is not an object is refused (the mirror's failure).
        func read(_ reader: inout JSONReader) -> Bool {
            guard reader.peek() == UInt8(ascii: "{"), let value = try? reader.value() else { return false }
            lock.withLock { values.append(value) }
            return true
        }
    }

    private func routes(_ recorder: Recorder, ids: [Int] = [7]) -> EventReaderRoutes {
        let routes = EventReaderRoutes()
        for id in ids { routes.set(id, { recorder.read(&$0) }) }
        return routes
    }

    func testAWholeEventIsConsumedAndOthersAreDeclined() {
        let recorder = Recorder()
        let routes = routes(recorder)
        XCTAssertEqual(routes.intercept(#"{"id":7,"type":"event","event":{"n":1}}"#), .consumed)
        XCTAssertEqual(routes.intercept(#" [ {"id":7,"type":"event","event":{"n":2}} , {"id":7,"type":"event","event":{"n":3}} ] "#), .consumed)
        XCTAssertEqual(routes.intercept(#"{"id":8,"type":"event","event":{"n":4}}"#), .declined, "another subscription's event")
        XCTAssertEqual(routes.intercept(#"{"id":7,"type":"result","success":true}"#), .declined)
        XCTAssertEqual(routes.intercept(#"{"type":"event","event":{"n":5},"id":7}"#), .declined, "its id after its event")
        XCTAssertEqual(routes.intercept(#"[{"id":7,"type":"result","success":true},{"id":7,"type":"event","event":{"n":6}}]"#), .declined)
        XCTAssertEqual(routes.intercept("not json"), .declined)
        XCTAssertEqual(routes.intercept("[]"), .declined)
        XCTAssertEqual(recorder.seen, [.object(["n": .integer(1)]), .object(["n": .integer(2)]), .object(["n": .integer(3)])])
    }

    func testEventsWrittenOtherwiseThanHomeAssistantWritesThemAreReadKeyByKey() {
        let recorder = Recorder()
        let routes = routes(recorder)
        XCTAssertEqual(routes.intercept(#"{ "id" : 7 , "type" : "event" , "event" : {"n":1} }"#), .consumed, "with white space")
        XCTAssertEqual(routes.intercept(#"{"id":7,"event":{"n":2},"type":"event"}"#), .consumed, "its type after its event")
        XCTAssertEqual(routes.intercept(#"{"id":7,"type":"event","event":{"n":3},"extra":[1,{"k":2}]}"#), .consumed, "a member after the event")
        XCTAssertEqual(routes.intercept(#"{"id":7.0,"type":"event","event":{"n":4}}"#), .declined, "an id that is not an integer")
        XCTAssertEqual(routes.intercept(#"{"id":-7,"type":"event","event":{"n":5}}"#), .declined)
        XCTAssertEqual(routes.intercept(#"{"id":7,"type":"events","event":{"n":6}}"#), .declined)
        XCTAssertEqual(recorder.seen, [.object(["n": .integer(1)]), .object(["n": .integer(2)]), .object(["n": .integer(3)])])
        for text in [#"{"id":7,"type":"event","event":{"n":7},"#, #"{"id":7,"type":"event","event":{"n":8}"#, #"{"id":7,"type":"event","event":{"n":9}]"#] {
            guard case .rest(let rest) = routes.intercept(text) else { return XCTFail("a malformed end after the event is the connection's to report: \(text)") }
            XCTAssertThrowsError(try JSONParser.parse(rest), text)
        }
        XCTAssertEqual(recorder.seen.count, 6, "each applied once, and only once")
    }

    func testTheStartOfACoalescedMessageIsTakenAndTheRestLeft() {
        let recorder = Recorder()
        let routes = routes(recorder)
        let outcome = routes.intercept(#"[{"id":7,"type":"event","event":{"n":1}},{"id":3,"type":"result","success":true},{"id":7,"type":"event","event":{"n":2}}]"#)
        XCTAssertEqual(outcome, .rest(#"[{"id":3,"type":"result","success":true},{"id":7,"type":"event","event":{"n":2}}]"#), "in order: the result is the connection's, and what follows it")
        XCTAssertEqual(recorder.seen, [.object(["n": .integer(1)])])
        guard case .rest(let rest) = routes.intercept(#"[{"id":7,"type":"event","event":{"n":3}},{"id":7,"type":"event","event":{"n":"#) else {
            return XCTFail("a malformed tail after an applied event is left for the connection to report")
        }
        XCTAssertThrowsError(try JSONParser.parse(rest), "the rest is the malformed part, never the applied event again")
    }

    func testAnEventItsSubscriberCannotReadIsSteppedOver() {
        let recorder = Recorder()
        let routes = routes(recorder)
        XCTAssertEqual(routes.intercept(#"[{"id":7,"type":"event","event":[1,2]},{"id":7,"type":"event","event":{"n":1}}]"#), .consumed)
        XCTAssertEqual(recorder.seen, [.object(["n": .integer(1)])])
    }

    func testRemovedAndClosedRoutesTakeNothing() {
        let recorder = Recorder()
        let routes = routes(recorder, ids: [7, 9])
        routes.remove(7)
        XCTAssertEqual(routes.intercept(#"{"id":7,"type":"event","event":{"n":1}}"#), .declined)
        routes.close()
        XCTAssertEqual(routes.intercept(#"{"id":9,"type":"event","event":{"n":1}}"#), .declined)
        routes.set(9, { recorder.read(&$0) })
        XCTAssertEqual(routes.intercept(#"{"id":9,"type":"event","event":{"n":1}}"#), .declined, "closed for good")
        XCTAssertEqual(recorder.seen, [])
    }
}

private extension EventReaderRoutes {
    /// A message offered as the WebSocket reader offers it: its UTF-8.
    func intercept(_ text: String) -> MessageInterception {
        var text = text
        return text.withUTF8 { bytes in intercept(bytes) }
    }
}
