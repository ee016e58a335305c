import Agent
import DBus
@testable import DesktopNotificationsPlugin
import Essentials
import XCTest

/// The Notify call a notification becomes, and what the notifier remembers of the screen.
final class FreedesktopNotificationTests: XCTestCase {
    private func shown(_ id: Int64, _ data: [String: JSONValue], title: String? = "Door", message: String = "Someone is there") -> ShownNotification {
        ShownNotification(id: id, notification: PushNotification(message: message, title: title, data: data), server: URL(string: "http://homeassistant.local:8123")!, responder: NotificationResponder { _, _ in "sent" })
    }

    private let actions: JSONValue = .array([
        .object(["action": .string("OPEN"), "title": .string("Open")]),
        .object(["action": .string("REPLY"), "title": .string("Answer")]),
        .object(["action": .string("NOTE"), "title": .string("Note"), "behavior": .string("textInput")]),
    ])

    func testNotifyCarriesTheActionsTheUrgencyAndTheReplacedID() {
        let request = FreedesktopNotification(shown(1, ["actions": actions, "priority": .string("high")]), replacing: 7, inlineReply: false, bodyMarkup: false)
        XCTAssertEqual(request.arguments, [
            .string("HomeCompanion"), .uint32(7), .string(""), .string("Door"), .string("Someone is there"),
            .strings(["OPEN", "Open", "REPLY", "Answer", "NOTE", "Note"]), .properties(["urgency": .byte(2)]), .int32(-1),
        ])
    }

    func testANotificationWithALinkOpensItOnAClick() {
        for key in ["url", "clickAction"] {
            let request = FreedesktopNotification(shown(1, [key: .string("/lovelace/cameras"), "actions": actions]), replacing: 0, inlineReply: false, bodyMarkup: false)
            XCTAssertEqual(request.arguments[5], .strings(["default", "Open", "OPEN", "Open", "REPLY", "Answer", "NOTE", "Note"]), key)
        }
        let plain = FreedesktopNotification(shown(1, ["url": .string("")]), replacing: 0, inlineReply: false, bodyMarkup: false)
        XCTAssertEqual(plain.arguments[5], .strings([]), "no link, no click action")
        let uri = PushNotification(message: "m", title: nil, data: ["actions": .array([.object(["action": .string("URI"), "title": .string("Cameras"), "uri": .string("/lovelace/cameras")])])]).actions
        XCTAssertEqual(uri, [NotificationAction(id: "URI", title: "Cameras", takesText: false, uri: "/lovelace/cameras")])
    }

    func testTheFirstReplyBecomesTheServersReplyFieldWhereOffered() {
        let request = FreedesktopNotification(shown(1, ["actions": actions]), replacing: 0, inlineReply: true, bodyMarkup: false)
        XCTAssertEqual(request.arguments[5], .strings(["OPEN", "Open", "inline-reply", "Answer", "NOTE", "Note"]))
        XCTAssertEqual(request.arguments[6], .properties(["urgency": .byte(1), "x-kde-reply-placeholder-text": .string("Answer")]))
    }

    func testTextIsCutAndCleanedForTheBus() {
        let long = String(repeating: "é", count: 5000)
        let request = FreedesktopNotification(shown(1, [:], title: nil, message: "a\0b" + long), replacing: 0, inlineReply: false, bodyMarkup: true)
        XCTAssertEqual(request.arguments[3], .string("Home Assistant"))
        guard case .string(let body) = request.arguments[4] else { return XCTFail("no body") }
        XCTAssertTrue(body.hasPrefix("abé"))
        XCTAssertLessThanOrEqual(body.utf8.count, FreedesktopNotification.maximumTextBytes)
    }

    func testWhereTheServerReadsMarkupTheBodyCarriesNoneOfTheSenders() {
        let message = #"<a href="https://evil.example">Update</a> <img src="file:///etc/passwd"/> & <b>now</b>"#
        let marked = FreedesktopNotification(shown(1, [:], title: "<b>Title</b>", message: message), replacing: 0, inlineReply: false, bodyMarkup: true)
        XCTAssertEqual(marked.arguments[4], .string(#"&lt;a href="https://evil.example"&gt;Update&lt;/a&gt; &lt;img src="file:///etc/passwd"/&gt; &amp; &lt;b&gt;now&lt;/b&gt;"#))
        XCTAssertEqual(marked.arguments[3], .string("<b>Title</b>"), "the summary is never markup")
        let plain = FreedesktopNotification(shown(1, [:], message: message), replacing: 0, inlineReply: false, bodyMarkup: false)
        XCTAssertEqual(plain.arguments[4], .string(message), "a server without body-markup shows text as it is")
    }

    func testTheScreenRemembersByIDAndTagAndForgetsTheOldestBeyondItsCapacity() {
        var screen = NotificationsOnScreen(capacity: 2)
        screen.insert(shown(1, [:]), serverID: 10, tag: "door")
        screen.insert(shown(2, [:]), serverID: 11, tag: nil)
        XCTAssertEqual(screen.serverID(tag: "door"), 10)
        XCTAssertEqual(screen.shown(serverID: 11)?.id, 2)
        screen.insert(shown(3, [:]), serverID: 10, tag: "door")
        XCTAssertEqual(screen.shown(serverID: 10)?.id, 3, "a replacement takes the same server id")
        screen.insert(shown(4, [:]), serverID: 12, tag: "kitchen")
        XCTAssertNil(screen.shown(serverID: 10), "the oldest is forgotten")
        XCTAssertNil(screen.serverID(tag: "door"))
        screen.remove(serverID: 12)
        XCTAssertNil(screen.serverID(tag: "kitchen"))
        XCTAssertEqual(screen.shown(serverID: 11)?.id, 2)
    }
}
