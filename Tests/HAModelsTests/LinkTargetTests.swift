import Foundation
import HAModels
import XCTest

/// Notification links and `homeassistant://` links read as Home Assistant's apps read them, and
/// every malformed, truncated or oversized link refused with the part that is wrong.
final class LinkTargetTests: XCTestCase {
    private let server = URL(string: "http://homeassistant.local:8123")!

    private func notification(_ link: String) throws -> LinkTarget { try LinkTarget(notificationLink: link, server: server) }

    func testNotificationLinksFollowTheAppsConventions() throws {
        XCTAssertEqual(try notification("/lovelace/cameras"), .page(path: "/lovelace/cameras", entity: nil))
        XCTAssertEqual(try notification("lovelace/cameras"), .page(path: "/lovelace/cameras", entity: nil), "a path without its slash, as Android takes it")
        XCTAssertEqual(try notification("/config/integrations?domain=hue#top"), .page(path: "/config/integrations", entity: nil))
        XCTAssertEqual(try notification("entityId:light.bed_light"), .page(path: "/", entity: "light.bed_light"))
        XCTAssertEqual(try notification("noAction"), .nothing)
        XCTAssertEqual(try notification("http://HomeAssistant.local:8123/history"), .page(path: "/history", entity: nil), "the server's own URL stays in the window")
        XCTAssertEqual(try notification("http://homeassistant.local:8123"), .page(path: "/", entity: nil))
        XCTAssertEqual(try notification("https://www.home-assistant.io/docs/"), .browser("https://www.home-assistant.io/docs/"))
        XCTAssertEqual(try notification("http://homeassistant.local:8124/"), .browser("http://homeassistant.local:8124/"), "another port is another site")
        XCTAssertEqual(try notification("homeassistant://navigate/energy"), .page(path: "/energy", entity: nil))
        XCTAssertEqual(try notification("  /map "), .page(path: "/map", entity: nil))
    }

    func testANotificationClickNeverActsOnTheServer() {
        XCTAssertThrowsError(try notification("homeassistant://call_service/lock.unlock?entity_id=lock.front_door")) { error in
            XCTAssertEqual(error as? LinkError, .actsOnTheServer("homeassistant://call_service/lock.unlock?entity_id=lock.front_door"))
        }
        XCTAssertThrowsError(try notification("homeassistant://fire_event/boom")) { XCTAssertEqual(($0 as? LinkError).map { "\($0)" }, "homeassistant://fire_event/boom acts on the server; only pages open from here") }
    }

    func testMalformedNotificationLinksAreRefusedWithTheirPart() {
        let cases: [(String, LinkError)] = [
            ("", .notALink("")),
            ("   ", .notALink("   ")),
            ("entityId:", .invalidEntity("")),
            ("entityId:light", .invalidEntity("light")),
            ("entityId:Light.Kitchen", .invalidEntity("Light.Kitchen")),
            ("entityId:light.a.b", .invalidEntity("light.a.b")),
            ("//evil.example/x", .invalidPath("//evil.example/x")),
            ("/a b", .invalidPath("/a b")),
            ("/a\\b", .invalidPath("/a\\b")),
            ("javascript:alert(1)", .unsupportedScheme("javascript")),
            ("file:///etc/passwd", .unsupportedScheme("file")),
            ("intent://scan/#Intent;scheme=zxing;end", .unsupportedScheme("intent")),
            ("app://com.spotify.music", .unsupportedScheme("app")),
            ("http://", .notALink("http://")),
            ("homeassistant://", .unknownAction("")),
        ]
        for (link, expected) in cases {
            XCTAssertThrowsError(try notification(link), link) { XCTAssertEqual($0 as? LinkError, expected, link) }
        }
        let long = "/" + String(repeating: "a", count: LinkTarget.maximumLength)
        XCTAssertThrowsError(try notification(long)) { XCTAssertEqual($0 as? LinkError, .tooLong(LinkTarget.maximumLength + 1)) }
    }

    func testDeepLinksOfTheApps() throws {
        XCTAssertEqual(try LinkTarget(deepLink: "homeassistant://navigate/lovelace/0"), .page(path: "/lovelace/0", entity: nil))
        XCTAssertEqual(try LinkTarget(deepLink: "homeassistant://navigate"), .page(path: "/", entity: nil))
        XCTAssertEqual(
            try LinkTarget(deepLink: "homeassistant://call_service/light.turn_on?entity_id=light.kitchen&brightness=120"),
            .serviceCall(domain: "light", service: "turn_on", data: ["entity_id": "light.kitchen", "brightness": "120"])
        )
        XCTAssertEqual(try LinkTarget(deepLink: "HomeAssistant://fire_event/custom.event-1?name=a%20b%26c"), .event(type: "custom.event-1", data: ["name": "a b&c"]))
        XCTAssertEqual(try LinkTarget(deepLink: "homeassistant://fire_event/tapped"), .event(type: "tapped", data: [:]))
    }

    func testTheAllowedLinkKeyReadsBackAsTheSameTarget() throws {
        let target = LinkTarget.serviceCall(domain: "script", service: "turn_on", data: ["entity_id": "script.good night", "z": "1", "a": "ü&="])
        let link = try XCTUnwrap(target.deepLink)
        XCTAssertEqual(link, "homeassistant://call_service/script.turn_on?a=%C3%BC%26%3D&entity_id=script.good%20night&z=1")
        XCTAssertEqual(try LinkTarget(deepLink: link), target)
        let event = LinkTarget.event(type: "doorbell", data: ["who": "me"])
        XCTAssertEqual(try LinkTarget(deepLink: try XCTUnwrap(event.deepLink)), event)
        XCTAssertTrue(target.actsOnTheServer && event.actsOnTheServer)
        XCTAssertFalse(LinkTarget.page(path: "/", entity: nil).actsOnTheServer)
    }

    func testALinkWhoseWrittenOutFormIsTooLongIsRefused() throws {
        let value = String(repeating: "\u{FFFD}", count: 1_000)
        let link = "homeassistant://call_service/light.turn_on?note=" + value
        XCTAssertLessThanOrEqual(link.utf8.count, LinkTarget.maximumLength, "short enough as given")
        XCTAssertThrowsError(try LinkTarget(deepLink: link)) { XCTAssertEqual($0 as? LinkError, .tooLong(48 + 9 * 1_000)) }
        let fits = "homeassistant://call_service/light.turn_on?note=" + String(repeating: "\u{FFFD}", count: 400)
        let target = try LinkTarget(deepLink: fits)
        XCTAssertEqual(try LinkTarget(deepLink: try XCTUnwrap(target.deepLink)), target, "its written-out form reads back")
    }

    func testMalformedDeepLinksAreRefusedWithTheirPart() {
        let tooMany = "homeassistant://fire_event/e?" + (0...LinkTarget.maximumValues).map { "k\($0)=v" }.joined(separator: "&")
        let cases: [(String, LinkError)] = [
            ("https://example.com/", .unsupportedScheme("https")),
            ("homeassistant://open_door", .unknownAction("open_door")),
            ("homeassistant://call_service/light", .invalidService("light")),
            ("homeassistant://call_service/light.turn_on.x", .invalidService("light.turn_on.x")),
            ("homeassistant://call_service/Light.turn_on", .invalidService("Light.turn_on")),
            ("homeassistant://call_service/.turn_on", .invalidService(".turn_on")),
            ("homeassistant://fire_event/", .invalidEvent("")),
            ("homeassistant://fire_event/" + String(repeating: "e", count: 65), .invalidEvent(String(repeating: "e", count: 65))),
            ("homeassistant://fire_event/a%20b", .invalidEvent("a b")),
            ("homeassistant://fire_event/e?bad-key=1", .invalidKey("bad-key")),
            ("homeassistant://fire_event/e?=1", .invalidKey("")),
            ("homeassistant://fire_event/e?a=1&a=2", .duplicateKey("a")),
            ("homeassistant://fire_event/e?a=x%00y", .invalidValue("a")),
            ("homeassistant://fire_event/e?a=%16", .invalidValue("a")),
            ("homeassistant://fire_event/e?a=%FF", .invalidValue("a")),
            (tooMany, .tooManyValues(LinkTarget.maximumValues + 1)),
            ("homeassistant://navigate//evil.example", .invalidPath("//evil.example")),
            ("not a link", .notALink("not a link")),
        ]
        for (link, expected) in cases {
            XCTAssertThrowsError(try LinkTarget(deepLink: link), link) { XCTAssertEqual($0 as? LinkError, expected, link) }
        }
        // Truncated at every length: a clear error or a target, never a trap.
        let whole = "homeassistant://call_service/light.turn_on?entity_id=light.kitchen"
        for end in whole.indices {
            _ = try? LinkTarget(deepLink: String(whole[..<end]))
        }
    }
}
