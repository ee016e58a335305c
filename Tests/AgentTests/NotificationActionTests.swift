import Agent
import Essentials
import Foundation
import Synchronization
import XCTest

/// Notification actions as Home Assistant's apps read them, the event a press sends, urgency, and
/// the history's replacement by tag.
final class NotificationActionTests: XCTestCase {
    private func notification(_ data: [String: JSONValue], title: String? = "Door", message: String = "Someone is there") -> PushNotification {
        PushNotification(message: message, title: title, data: data)
    }

    func testActionsAreReadInOrderAndMalformedEntriesAreSkipped() {
        let data: [String: JSONValue] = ["actions": .array([
            .object(["action": .string("OPEN"), "title": .string("Open")]),
            .object(["title": .string("no id")]),
            .string("not an object"),
            .object(["action": .string("")]),
            .object(["action": .string("ANSWER"), "title": .string("Answer"), "behavior": .string("textInput")]),
            .object(["action": .string("REPLY")]),
            .object(["action": .integer(3)]),
        ])]
        XCTAssertEqual(notification(data).actions, [
            NotificationAction(id: "OPEN", title: "Open", takesText: false),
            NotificationAction(id: "ANSWER", title: "Answer", takesText: true),
            NotificationAction(id: "REPLY", title: "REPLY", takesText: true),
        ])
        XCTAssertEqual(notification(["actions": .string("OPEN")]).actions, [])
        XCTAssertEqual(notification(["actions": .object(["action": .string("OPEN")])]).actions, [])
        XCTAssertEqual(notification([:]).actions, [])
        let many = JSONValue.array((0..<50).map { .object(["action": .string("A\($0)")]) })
        XCTAssertEqual(notification(["actions": many]).actions.count, NotificationAction.maximumCount)
    }

    func testUrgencyFollowsTheAppsPriorityFields() {
        XCTAssertEqual(notification([:]).urgency, .normal)
        XCTAssertEqual(notification(["priority": .string("high")]).urgency, .critical)
        XCTAssertEqual(notification(["importance": .string("MAX")]).urgency, .critical)
        XCTAssertEqual(notification(["push": .object(["interruption-level": .string("time-sensitive")])]).urgency, .critical)
        XCTAssertEqual(notification(["push": .object(["interruption-level": .string("passive")])]).urgency, .low)
        XCTAssertEqual(notification(["importance": .string("min")]).urgency, .low)
        XCTAssertEqual(notification(["priority": .integer(5)]).urgency, .normal)
        XCTAssertEqual(NotificationUrgency.critical.freedesktopLevel, 2)
        XCTAssertEqual(NotificationUrgency.low.freedesktopLevel, 0)
    }

    func testAPressSendsTheEventAutomationsWaitFor() async throws {
        let sent = Mutex<[(String, JSONValue)]>([])
        let responder = NotificationResponder { type, data in
            sent.withLock { $0.append((type, data)) }
            return "sent"
        }
        let door = notification([
            "tag": .string("door"), "group": .string("home"), "action_data": .object(["entity": .string("lock.front")]),
            "actions": .array([.object(["action": .string("OPEN")]), .object(["action": .string("REPLY")])]),
        ])
        let opened = try await responder.press("OPEN", text: nil, on: door)
        let replied = try await responder.press("REPLY", text: "on my way", on: door)
        XCTAssertEqual([opened, replied], ["sent", "sent"])
        let calls = sent.withLock { $0 }
        XCTAssertEqual(calls.map(\.0), ["fire_event", "fire_event"])
        XCTAssertEqual(calls[0].1, .object([
            "event_type": .string("mobile_app_notification_action"),
            "event_data": .object([
                "action": .string("OPEN"), "message": .string("Someone is there"), "title": .string("Door"), "tag": .string("door"),
                "group": .string("home"), "action_data": .object(["entity": .string("lock.front")]),
            ]),
        ]))
        XCTAssertEqual(calls[1].1.objectValue?["event_data"]?.objectValue?["reply_text"], .string("on my way"))
    }

    func testAPressThatDoesNotFitTheNotificationIsRefusedAndSendsNothing() async {
        let sent = Mutex(0)
        let responder = NotificationResponder { _, _ in
            sent.withLock { $0 += 1 }
            return "sent"
        }
        let door = notification(["actions": .array([.object(["action": .string("OPEN")]), .object(["action": .string("REPLY")])])])
        await assertRefused(responder, "CLOSE", nil, door, .unknownAction("CLOSE", available: ["OPEN", "REPLY"]))
        await assertRefused(responder, "REPLY", nil, door, .textRequired("REPLY"))
        await assertRefused(responder, "OPEN", "text", door, .textNotTaken("OPEN"))
        await assertRefused(responder, "OPEN", nil, notification([:]), .unknownAction("OPEN", available: []))
        XCTAssertEqual(sent.withLock { $0 }, 0)
        XCTAssertEqual("\(NotificationActionError.unknownAction("OPEN", available: []))", "the notification has no actions, so not 'OPEN'")
    }

    private func assertRefused(
        _ responder: NotificationResponder, _ action: String, _ text: String?, _ notification: PushNotification, _ expected: NotificationActionError,
        line: UInt = #line
    ) async {
        do {
            _ = try await responder.press(action, text: text, on: notification)
            XCTFail("pressed", line: line)
        } catch {
            XCTAssertEqual(error as? NotificationActionError, expected, line: line)
        }
    }

    func testTheHistoryGivesANotificationBackAndMarksTheOneItsTagReplaced() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("history-actions-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let history = try NotificationHistory(folder: folder)
        let first = notification(["tag": .string("door"), "priority": .string("high"), "group": .string("home"), "actions": .array([.object(["action": .string("OPEN")])])])
        let firstID = try history.record(first)
        let otherID = try history.record(notification(["tag": .string("kitchen")]))
        let secondID = try history.record(notification(["tag": .string("door")], message: "Still there"))
        XCTAssertEqual(try history.notification(id: firstID), first)
        XCTAssertNil(try history.notification(id: 999))
        let records = try history.recent()
        XCTAssertEqual(records.map(\.id), [secondID, otherID, firstID])
        XCTAssertEqual(records.map(\.replacedBy), [nil, nil, secondID])
        XCTAssertEqual(records[2].actions.map(\.id), ["OPEN"])
        XCTAssertEqual(records[2].urgency, .critical)
        XCTAssertEqual(records[2].group, "home")
    }
}
