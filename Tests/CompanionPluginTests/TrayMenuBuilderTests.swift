import Agent
import Essentials
import Foundation
import HAModels
import Tray
@testable import TrayPlugin
import XCTest

/// The tray's menu from states, pins and notifications: labels, check marks, what is enabled,
/// stable ids, and what a click does.
final class TrayMenuBuilderTests: XCTestCase {
    private let clicked = ClickLog()

    private var actions: TrayMenuBuilder.Actions {
        TrayMenuBuilder.Actions(
            openWindow: { [clicked] in clicked.add("window") }, openHistory: { [clicked] in clicked.add("history") }, quit: { [clicked] in clicked.add("quit") },
            run: { [clicked] action in clicked.add("\(action.domain).\(action.service) \(action.entity)") },
            press: { [clicked] id, button in clicked.add("press \(id) \(button)") }
        )
    }

    private func state(_ id: String, _ value: String, name: String) -> EntityState {
        EntityState(entityID: id, state: value, attributes: ["friendly_name": .string(name)], lastChanged: Date(timeIntervalSince1970: 0), lastUpdated: Date(timeIntervalSince1970: 0), context: HAContext(id: "c"))
    }

    private func records(_ notifications: [PushNotification]) throws -> [NotificationRecord] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tray-menu-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let history = try NotificationHistory(folder: folder)
        for notification in notifications { _ = try history.record(notification) }
        return try history.recent(limit: 5)
    }

    func testQuickActionsShowTheirStateAndActOnAClick() throws {
        let pins: [(action: TrayQuickAction, state: EntityState?)] = [
            (TrayQuickAction(entity: "light.kitchen")!, state("light.kitchen", "on", name: "Kitchen")),
            (TrayQuickAction(entity: "switch.fan")!, state("switch.fan", "unavailable", name: "Fan")),
            (TrayQuickAction(entity: "scene.evening")!, state("scene.evening", "2026-12-01", name: "Evening")),
            (TrayQuickAction(entity: "input_button.bell")!, nil),
        ]
        let items = TrayMenuBuilder(connected: true, pins: pins, notifications: [], actions: actions).items()
        XCTAssertEqual(items.map(\.id), [1, 2, 100, 101, 102, 103, 3, 4, 5, 6, 7])
        XCTAssertEqual(items[2].label, "Kitchen")
        XCTAssertEqual(items[2].toggled, true)
        XCTAssertTrue(items[2].isEnabled)
        XCTAssertEqual(items[3].label, "Fan (unavailable)")
        XCTAssertFalse(items[3].isEnabled, "an unavailable entity cannot be clicked")
        XCTAssertEqual(items[4].label, "Run Evening")
        XCTAssertNil(items[4].toggled, "a scene has no state to show")
        XCTAssertEqual(items[5].label, "Press input_button.bell")
        XCTAssertFalse(items[5].isEnabled, "an entity the store does not know yet is not clicked")
        items[2].action?()
        items[4].action?()
        items[0].action?()
        items[10].action?()
        XCTAssertEqual(clicked.all, ["light.toggle light.kitchen", "scene.turn_on scene.evening", "window", "quit"])
        let offline = TrayMenuBuilder(connected: false, pins: pins, notifications: [], actions: actions).items()
        XCTAssertFalse(offline[2].isEnabled, "nothing acts while the server is not reached")
        let none = TrayMenuBuilder(connected: true, pins: [], notifications: [], actions: actions).items()
        XCTAssertEqual(none[2].label, "No quick actions: home tray pin ENTITY")
        XCTAssertFalse(none[2].isEnabled)
    }

    func testTheLastNotificationsAreListedWithTheirActions() throws {
        let long = String(repeating: "x", count: 100)
        let received = try records([
            PushNotification(message: "old", title: nil, data: [:]),
            PushNotification(message: "Someone\nis at the door", title: "Door", data: ["actions": .array([
                .object(["action": .string("OPEN"), "title": .string("Open")]), .object(["action": .string("REPLY"), "title": .string("Answer")]),
            ])]),
            PushNotification(message: long, title: nil, data: [:]),
        ])
        let items = TrayMenuBuilder(connected: true, pins: [], notifications: received, actions: actions).items()
        let list = try XCTUnwrap(items.first { $0.id == 4 })
        XCTAssertTrue(list.isEnabled)
        XCTAssertEqual(list.children.map(\.id), [1_000, 1_016, 1_032])
        XCTAssertEqual(list.children[0].label, String(repeating: "x", count: 59) + "…")
        XCTAssertEqual(list.children[1].label, "Door: Someone is at the door")
        XCTAssertEqual(list.children[1].children.map(\.label), ["Open", "Answer (reply in the window's settings)"])
        XCTAssertEqual(list.children[1].children.map(\.isEnabled), [true, false])
        list.children[1].children[0].action?()
        XCTAssertEqual(clicked.all, ["press \(received[1].id) OPEN"])
        XCTAssertEqual(TrayMenuBuilder(connected: true, pins: [], notifications: [], actions: actions).items().first { $0.id == 4 }?.isEnabled, false)
    }
}
