import Essentials
import Foundation
@testable import Networking
import Synchronization
import XCTest

/// The mirror applies events read from bytes entity by entity: a snapshot replaces what it does
/// not name, diffs change states in place, observers hear only the entities they asked for, and a
/// malformed event ends the mirror with its error.
final class EntityMirrorTests: XCTestCase {
    /// Feeds one event; whether the mirror read it.
    @discardableResult
    private func feed(_ mirror: EntityMirror, _ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var reader = JSONReader(bytes)
            return mirror.receive(&reader)
        }
    }

    func testSnapshotsDiffsRemovalsAndObservers() async throws {
        let mirror = EntityMirror()
        let kitchen = mirror.changes(of: ["light.kitchen"])
        feed(mirror, #"{"a":{"light.kitchen":{"s":"off","a":{"b":1},"lc":1},"light.hall":{"s":"on","lc":1},"light.bad":{"a":{}}}}"#)
        XCTAssertEqual(mirror.snapshotCount, 1)
        XCTAssertEqual(Set(mirror.all.keys), ["light.kitchen", "light.hall"], "an added state without 's' is left out")
        feed(mirror, #"{"c":{"light.kitchen":{"+":{"s":"on","a":{"c":2},"lu":5}},"light.hall":{"-":{"a":["x"]},"+":{"s":"off"}}}}"#)
        XCTAssertEqual(mirror.state(of: "light.kitchen")?.attributes, ["b": .integer(1), "c": .integer(2)])
        XCTAssertEqual(mirror.all["light.kitchen"]?.attributes, ["b": .integer(1), "c": .integer(2)], "all, expanded before, is expanded again after an event")
        XCTAssertEqual(mirror.state(of: "light.kitchen")?.lastUpdated, Date(timeIntervalSince1970: 5))
        XCTAssertEqual(mirror.state(of: "light.hall")?.state, "off", "an unobserved entity changed in place")
        mirror.receive(.subscribed)
        feed(mirror, #"{"a":{"light.kitchen":{"s":"on","a":{"b":1,"c":2},"lc":1,"lu":5}}}"#)
        XCTAssertEqual(mirror.snapshotCount, 2)
        XCTAssertNil(mirror.state(of: "light.hall"), "a new snapshot drops what it does not name")
        feed(mirror, #"{"r":["light.kitchen"]}"#)
        XCTAssertTrue(mirror.all.isEmpty)
        mirror.end(failure: nil)
        var heard: [String] = []
        for await change in kitchen { heard.append("\(change.oldState?.state ?? "-")→\(change.newState?.state ?? "-")") }
        XCTAssertEqual(heard, ["-→off", "off→on", "on→-"], "the kitchen only; the second snapshot changed nothing there")
    }

    func testHandlersHearEveryChangeBeforeTheStreamsUntilRemoved() async throws {
        let mirror = EntityMirror()
        let heard = Mutex<[String]>([])
        let key = mirror.addHandler { change in heard.withLock { $0.append("\(change.entityID) \(change.newState?.state ?? "-")") } }
        let stream = mirror.changes(of: ["light.hall"])
        let streamed = Task { () -> [String] in
            var seen: [String] = []
            for await change in stream {
                // The handler ran before the stream was told, so it already has this change.
                XCTAssertTrue(heard.withLock { $0.contains("light.hall \(change.newState?.state ?? "-")") })
                seen.append(change.newState?.state ?? "-")
            }
            return seen
        }
        feed(mirror, #"{"a":{"light.kitchen":{"s":"off","lc":1},"light.hall":{"s":"on","lc":1}}}"#)
        feed(mirror, #"{"c":{"light.kitchen":{"+":{"s":"on"}}}}"#)
        feed(mirror, #"{"r":["light.hall"]}"#)
        mirror.removeHandler(key)
        feed(mirror, #"{"c":{"light.kitchen":{"+":{"s":"off"}}}}"#)
        mirror.end(failure: nil)
        let seen = await streamed.value
        XCTAssertEqual(seen, ["on", "-"])
        XCTAssertEqual(heard.withLock { $0 }.sorted(), ["light.hall -", "light.hall on", "light.kitchen off", "light.kitchen on"],
                       "every entity, with no ids asked for; nothing after removal")
        XCTAssertEqual(mirror.state(of: "light.kitchen")?.state, "off")
    }

    func testAMalformedEventEndsTheMirrorWithItsError() async {
        let mirror = EntityMirror()
        XCTAssertTrue(feed(mirror, #"{"a":{"light.kitchen":{"s":"on","lc":1}}}"#))
        XCTAssertFalse(feed(mirror, #"{"c":{"light.kitchen":{"+":{"s":7}}}}"#), "the connection steps over what the mirror could not read")
        XCTAssertTrue(mirror.failure is JSONParseError, "\(String(describing: mirror.failure))")
        await mirror.waitForSnapshot(5)
        XCTAssertEqual(mirror.state(of: "light.kitchen")?.state, "on", "what was applied before stays")
    }
}
