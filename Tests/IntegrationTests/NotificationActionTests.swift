import DBus
import Essentials
import Foundation
@testable import MQTTPlugin
import Networking
import XCTest

/// Actionable notifications end to end, against the real Home Assistant: `notify.mobile_app_…`
/// with actions reaches `home agent`, which shows it through the desktop's notification server
/// (a stand-in on a private session bus) with buttons and urgency; a button pressed there, a
/// reply typed there, and an action pressed with `home notifications act` each come back as
/// `mobile_app_notification_action` and fire the automation waiting for it. A notification with
/// the same tag replaces the one on screen.
final class NotificationActionTests: HomeProcessTestCase {
    func testActionsPressedOnTheDesktopAndFromTheTerminalFireTheWaitingAutomation() async throws {
        let server = try IntegrationEnvironment.require()
        let standIn = try NotificationServerStandIn(capabilities: ["actions", "body", "inline-reply"])
        keep(stopping: standIn.stop)
        let home = try signedIn(server)
        let device = DeviceInfoName.current, root = try XCTUnwrap(root)

        // An automation waiting for the actions of notifications tagged door-SUFFIX, which
        // answers with an event carrying what it got.
        let suffix = String(UUID().uuidString.prefix(6)).lowercased()
        let tag = "door-\(suffix)", answered = "companion_action_done_\(suffix)"
        let automation: [String: Any] = [
            "alias": "Companion action \(suffix)",
            "trigger": [["platform": "event", "event_type": "mobile_app_notification_action", "event_data": ["tag": tag]]],
            "action": [["event": answered, "event_data": ["action": "{{ trigger.event.data.action }}", "reply": "{{ trigger.event.data.reply_text | default('') }}"]]],
        ]
        let created = try await HTTPExchange.send("POST", URL(string: server.url + "/api/config/automation/config/companion_action_\(suffix)")!, token: server.token, json: automation)
        XCTAssertEqual(created.status, 200, String(decoding: created.body, as: UTF8.self))
        addTeardownBlock {
            _ = try? await HTTPExchange.send("DELETE", URL(string: server.url + "/api/config/automation/config/companion_action_\(suffix)")!, token: server.token)
        }
        let watcher = HomeAssistantConnection(address: try ServerAddress(server.url), tokenProvider: StaticTokenProvider(server.token))
        await watcher.start()
        let answers = try await ReceivedEvents(watcher, eventType: answered)

        let (agent, log) = try home.start(["agent", "--interval", "60"], environment: ["DBUS_SESSION_BUS_ADDRESS": standIn.address])
        keep(agent)
        let agentLog = AgentLog(log)
        try await agentLog.wait(for: "listening for notifications", within: 30)

        let notify = URL(string: server.url + "/api/services/notify/mobile_app_\(ControlDiscovery.slug(device))")!
        let actions: [[String: Any]] = [["action": "OPEN_\(suffix)", "title": "Open"], ["action": "REPLY", "title": "Answer", "behavior": "textInput"]]
        let sent = try await HTTPExchange.send("POST", notify, token: server.token, json: [
            "title": "Front door", "message": "Someone is at the door",
            "data": ["tag": tag, "priority": "high", "actions": actions, "image": "/api/camera_proxy/camera.demo_camera"],
        ])
        XCTAssertEqual(sent.status, 200, String(decoding: sent.body, as: UTF8.self))
        let shown = try XCTUnwrap(standIn.notifications(count: 1).first, agentLog.text)
        XCTAssertEqual(shown["summary"] as? String, "Front door")
        XCTAssertEqual(shown["body"] as? String, "Someone is at the door")
        XCTAssertEqual(shown["app_name"] as? String, "HomeCompanion")
        XCTAssertEqual(shown["actions"] as? [String], ["OPEN_\(suffix)", "Open", "inline-reply", "Answer"], "the reply became the server's reply field")
        XCTAssertEqual((shown["hints"] as? [String: Any])?["urgency"] as? Int, 2, "priority high is critical")
        // The camera's picture, downloaded with the session's token into the cache, private.
        let image = try XCTUnwrap(((shown["hints"] as? [String: Any])?["image-path"] as? String).flatMap(URL.init(string:)), "\(shown)")
        XCTAssertTrue(image.path.hasPrefix(root.path) && image.path.hasSuffix(".jpg"), image.path)
        XCTAssertEqual(try Data(contentsOf: image).prefix(2), Data([0xFF, 0xD8]), "a JPEG")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: image.path)[.posixPermissions] as? Int, 0o600)
        let serverID = try XCTUnwrap(shown["id"] as? Int)

        // The person presses the button on the desktop, then types a reply there.
        standIn.person("invoke \(serverID) OPEN_\(suffix)")
        let answer0 = await Self.answer(answers, 0)
        XCTAssertEqual(answer0, ["action": "OPEN_\(suffix)", "reply": ""], agentLog.text)
        standIn.person("reply \(serverID) on my way")
        let answer1 = await Self.answer(answers, 1)
        XCTAssertEqual(answer1, ["action": "REPLY", "reply": "on my way"], agentLog.text)

        // From the terminal: the history lists it with its actions, and act presses one.
        let (listed, listing) = try home.run(["notifications"])
        XCTAssertEqual(listed, 0, listing)
        let line = try XCTUnwrap(listing.split(separator: "\n").first { $0.contains("Someone is at the door") }, listing)
        XCTAssertTrue(line.contains("[critical]") && line.contains("actions: OPEN_\(suffix), REPLY (reply)"), String(line))
        let id = String(line.split(separator: " ")[0])
        let (acted, actOutput) = try home.run(["notifications", "act", id, "REPLY", "--text", "from the terminal"])
        XCTAssertEqual(acted, 0, actOutput)
        XCTAssertTrue(actOutput.contains("pressed REPLY on notification \(id): sent"), actOutput)
        let answer2 = await Self.answer(answers, 2)
        XCTAssertEqual(answer2, ["action": "REPLY", "reply": "from the terminal"])
        let (refused, refusal) = try home.run(["notifications", "act", id, "NOPE"])
        XCTAssertNotEqual(refused, 0)
        XCTAssertTrue(refusal.contains("has no action 'NOPE' (it has OPEN_\(suffix), REPLY)"), refusal)
        let (unanswered, noText) = try home.run(["notifications", "act", id, "REPLY"])
        XCTAssertNotEqual(unanswered, 0)
        XCTAssertTrue(noText.contains("give its text with --text"), noText)

        // A button press from anyone but the notification server is not believed.
        let forger = try DBusConnection(bus: .address(standIn.address))
        try forger.emit(
            "/org/freedesktop/Notifications", "org.freedesktop.Notifications", "ActionInvoked", [.uint32(UInt32(serverID)), .string("OPEN_\(suffix)")]
        )
        forger.close()
        standIn.person("reply \(serverID) genuine")
        let answer3 = await Self.answer(answers, 3)
        XCTAssertEqual(answer3, ["action": "REPLY", "reply": "genuine"], "the stand-in's reply came, not the forged press")
        try await Task.sleep(nanoseconds: 500_000_000)
        XCTAssertEqual(answers.count, 4)
        // The same tag again replaces the notification on screen and in the history.
        let again = try await HTTPExchange.send("POST", notify, token: server.token, json: ["message": "Still at the door", "data": ["tag": tag]])
        XCTAssertEqual(again.status, 200)
        let replaced = try XCTUnwrap(standIn.notifications(count: 2).dropFirst().first, agentLog.text)
        XCTAssertEqual(replaced["replaces_id"] as? Int, serverID)
        XCTAssertEqual((replaced["hints"] as? [String: Any])?["urgency"] as? Int, 1)
        let (_, later) = try home.run(["notifications"])
        XCTAssertTrue(later.contains("Someone is at the door  actions: OPEN_\(suffix), REPLY (reply)  (replaced by"), later)

        await watcher.stop()
    }

    /// The `index`th event the automation fired: its action and reply.
    private static func answer(_ answers: ReceivedEvents, _ index: Int) async -> [String: String] {
        guard let data = await answers.data(index) else { return [:] }
        return data.compactMapValues { value in
            if case .string(let text) = value { return text }
            return nil
        }
    }
}
