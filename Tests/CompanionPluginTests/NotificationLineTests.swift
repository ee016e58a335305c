@testable import Agent
@testable import AgentPlugin
import Foundation
import XCTest

/// One notification as `home notifications` lists it.
final class NotificationLineTests: XCTestCase {
    private func record(urgency: NotificationUrgency = .normal, group: String? = nil, actions: [NotificationAction] = [], cleared: Bool = false, replacedBy: Int64? = nil) -> NotificationRecord {
        NotificationRecord(
            id: 4, receivedAt: Date(timeIntervalSince1970: 0), title: "Door", message: "Someone is there", tag: "door", group: group, urgency: urgency,
            actions: actions, clearedAt: cleared ? Date(timeIntervalSince1970: 1) : nil, replacedBy: replacedBy
        )
    }

    func testTheLineShowsUrgencyGroupActionsAndWhatBecameOfIt() {
        let actions = [NotificationAction(id: "OPEN", title: "Open", takesText: false), NotificationAction(id: "REPLY", title: "Answer", takesText: true)]
        XCTAssertEqual(
            NotificationsCommand.line(record(urgency: .critical, group: "home", actions: actions, replacedBy: 9)),
            "4  1970-01-01T00:00:00+00:00  [critical] (home) Door: Someone is there  actions: OPEN, REPLY (reply)  (replaced by 9)"
        )
        XCTAssertEqual(NotificationsCommand.line(record(cleared: true)), "4  1970-01-01T00:00:00+00:00  Door: Someone is there  (cleared)")
        XCTAssertEqual(NotificationsCommand.line(record()), "4  1970-01-01T00:00:00+00:00  Door: Someone is there")
    }

    func testASendersTerminalControlsArePrintedAsText() {
        let hostile = NotificationRecord(
            id: 5, receivedAt: Date(timeIntervalSince1970: 0), title: "\u{1B}]0;owned\u{07}", message: "\u{1B}[2Jgone\r\u{9B}31m", tag: nil, group: nil,
            urgency: .normal, actions: [], clearedAt: nil, replacedBy: nil
        )
        XCTAssertEqual(NotificationsCommand.line(hostile), "5  1970-01-01T00:00:00+00:00  \\x1B]0;owned\\x07: \\x1B[2Jgone\\x0D\\u{9B}31m")
    }
}
