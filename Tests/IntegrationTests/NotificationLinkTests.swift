import Essentials
import Foundation
@testable import MQTTPlugin
import Networking
import XCTest

/// Links end to end, against the real Home Assistant, the window under Xvfb and the notification
/// stand-in on a private session bus: a click on a notification opens the window at its `url`
/// (the page read back from the frontend), an action's `uri` opens an entity's dialog or a site in
/// the browser; `home open` follows `homeassistant://` links, and one that acts on the server runs
/// only after the person agreed, on the desktop or on the terminal, and without asking again
/// once always allowed.
final class NotificationLinkTests: HomeProcessTestCase {
    private var standIn: NotificationServerStandIn!
    private var home: HomeProcess!
    private var browserLog: URL!

    /// A signed-in home whose session bus is the stand-in's, on the virtual display, with an
    /// `xdg-open` that writes what it was given to `browserLog` (the browser's stand-in).
    private func prepare(_ server: IntegrationEnvironment) throws {
        try VirtualDisplay.require()
        standIn = try NotificationServerStandIn(capabilities: ["actions", "body"])
        keep(stopping: standIn.stop)
        let signed = try signedIn(server)
        let root = try XCTUnwrap(self.root)
        let bin = root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        browserLog = root.appendingPathComponent("browser.log")
        let opener = bin.appendingPathComponent("xdg-open")
        try Data("#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(browserLog.path)'\n".utf8).write(to: opener)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
        home = HomeProcess(root: signed.root, environment: VirtualDisplay.variables.merging([
            "DBUS_SESSION_BUS_ADDRESS": standIn.address, "HOME_LOG_LEVEL": "info", "PATH": "\(bin.path):/usr/bin:/bin",
        ]) { $1 })
    }

    /// The window, open at /lovelace/0 and connected; its output.
    private func openWindow() throws -> PipeOutput {
        let (window, log) = try home.start(["window", "--path", "/lovelace/0"])
        keep(window)
        let text = PipeOutput(log)
        XCTAssertTrue(wait(for: "the frontend shows /lovelace/0", in: text), text.text)
        return text
    }

    func testAClickOnANotificationOpensTheWindowWhereItPoints() async throws {
        let server = try IntegrationEnvironment.require()
        try prepare(server)
        let window = try openWindow()
        let (agent, log) = try home.start(["agent", "--interval", "60"])
        keep(agent)
        let agentLog = AgentLog(log)
        try await agentLog.wait(for: "listening for notifications", within: 30)

        let suffix = String(UUID().uuidString.prefix(6)).lowercased()
        let notify = URL(string: server.url + "/api/services/notify/mobile_app_\(ControlDiscovery.slug(DeviceInfoName.current))")!
        let actions: [[String: Any]] = [
            ["action": "URI", "title": "Bed light", "uri": "entityId:light.bed_light"],
            ["action": "DOCS_\(suffix)", "title": "Docs", "uri": "https://www.home-assistant.io/integrations/mobile_app/"],
        ]
        let sent = try await HTTPExchange.send("POST", notify, token: server.token, json: [
            "title": "Integrations", "message": "Something to set up \(suffix)", "data": ["url": "/config/integrations", "actions": actions],
        ])
        XCTAssertEqual(sent.status, 200, String(decoding: sent.body, as: UTF8.self))
        let shown = try XCTUnwrap(standIn.notifications(count: 1).first, agentLog.text)
        XCTAssertEqual(shown["actions"] as? [String], ["default", "Open", "URI", "Bed light", "DOCS_\(suffix)", "Docs"])
        let id = try XCTUnwrap(shown["id"] as? Int)

        // A click on the notification: the window, open already, shows its url.
        standIn.person("invoke \(id) default")
        XCTAssertTrue(wait(for: "asked to show /config/integrations", in: window), window.text + agentLog.text)
        XCTAssertTrue(wait(for: "the frontend shows /config/integrations", in: window, after: "asked to show /config/integrations"), window.text)
        // The URI action opens the entity's dialog and sends no event (the Android app's convention).
        standIn.person("invoke \(id) URI")
        XCTAssertTrue(wait(for: "opening the dialog of light.bed_light", in: window), window.text + agentLog.text)
        // Another action with a uri to another site: the browser opens it, and the press goes to the server.
        standIn.person("invoke \(id) DOCS_\(suffix)")
        XCTAssertTrue(wait(for: "action DOCS_\(suffix) pressed", in: { agentLog.text }), agentLog.text)
        XCTAssertEqual(try String(contentsOf: browserLog, encoding: .utf8), "https://www.home-assistant.io/integrations/mobile_app/\n")
        XCTAssertFalse(agentLog.text.contains("action URI pressed"), agentLog.text)
    }

    func testHomeOpenFollowsLinksAndAsksBeforeOneActs() async throws {
        let server = try IntegrationEnvironment.require()
        try prepare(server)
        let window = try openWindow()
        let watcher = HomeAssistantConnection(address: try ServerAddress(server.url), tokenProvider: StaticTokenProvider(server.token))
        await watcher.start()
        let suffix = String(UUID().uuidString.prefix(6)).lowercased()
        let fired = try await ReceivedEvents(watcher, eventType: "companion_link_\(suffix)")

        // A page: the open window shows it.
        let (navigated, navigation) = try home.run(["open", "homeassistant://navigate/profile"])
        XCTAssertEqual(navigated, 0, navigation)
        XCTAssertTrue(wait(for: "the frontend shows /profile", in: window), window.text)

        // An event without a terminal: asked on the desktop; Cancel runs nothing.
        let link = "homeassistant://fire_event/companion_link_\(suffix)?room=living%20room"
        let (declined, declinedOutput) = try home.start(["open", link])
        keep(declined)
        let question = try XCTUnwrap(standIn.notifications(count: 1).last)
        XCTAssertEqual(question["summary"] as? String, "Follow this link?")
        XCTAssertEqual(question["body"] as? String, "Fire the event companion_link_\(suffix) with room=living room on \(server.url)?")
        XCTAssertEqual(question["actions"] as? [String], ["run", "Run", "always", "Always allow", "cancel", "Cancel"])
        standIn.person("invoke \(try XCTUnwrap(question["id"] as? Int)) cancel")
        declined.waitUntilExit()
        XCTAssertEqual(declined.terminationStatus, 1, PipeOutput(declinedOutput).text)

        // Always allow: it runs now, and later without asking.
        let (allowed, allowedOutput) = try home.start(["open", link])
        keep(allowed)
        let second = try XCTUnwrap(standIn.notifications(count: 2).dropFirst().first)
        standIn.person("invoke \(try XCTUnwrap(second["id"] as? Int)) always")
        allowed.waitUntilExit()
        XCTAssertEqual(allowed.terminationStatus, 0, PipeOutput(allowedOutput).text)
        let first = await fired.data(0)
        XCTAssertEqual(first?["room"], .string("living room"))
        let (again, againOutput) = try home.run(["open", link])
        XCTAssertEqual(again, 0, againOutput)
        XCTAssertTrue(againOutput.contains("fired companion_link_\(suffix)"), againOutput)
        let secondFired = await fired.data(1)
        XCTAssertNotNil(secondFired)
        XCTAssertEqual(standIn.notifications.count, 2, "an allowed link is not asked again")
        XCTAssertEqual(fired.count, 2, "the cancelled one never ran")

        // On a terminal the question is asked there; a service call once, with 'y'.
        let calls = try await ReceivedEvents(watcher, eventType: "call_service")
        let service = "homeassistant://call_service/persistent_notification.create?message=from%20a%20link&notification_id=companion_\(suffix)"
        let (status, output) = try onTerminal(["open", service], answer: "y")
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("Call persistent_notification.create with message=from a link, notification_id=companion_\(suffix) on \(server.url)? [y]es this time"), output)
        XCTAssertTrue(output.contains("called persistent_notification.create"), output)
        let call = await calls.data(matching: { $0["service"] == .string("create") && $0["domain"] == .string("persistent_notification") })
        XCTAssertEqual(call?["service_data"]?.objectValue?["notification_id"], .string("companion_\(suffix)"), "\(call ?? [:])")
        XCTAssertEqual(standIn.notifications.count, 2, "a terminal asks there, not on the desktop")
        let (refused, refusal) = try home.run(["open", "homeassistant://call_service/light"])
        XCTAssertEqual(refused, 2, refusal)
        XCTAssertTrue(refusal.contains("'light' is not a service such as light.turn_on"), refusal)
        // What was always allowed goes with the server.
        let allowedFiles = try FileManager.default.subpathsOfDirectory(atPath: home.root.path).filter { $0.hasSuffix("allowed-links.json") }
        XCTAssertEqual(allowedFiles.count, 1, "\(allowedFiles)")
        XCTAssertEqual(try home.run(["logout"]).0, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.root.appendingPathComponent(allowedFiles[0]).path))
        await watcher.stop()
    }

    /// Runs `home ARGUMENTS` on a pseudo-terminal (util-linux `script`), answering its question with `answer`.
    private func onTerminal(_ arguments: [String], answer: String) throws -> (Int32, String) {
        let executable = IntegrationEnvironment.repository.appendingPathComponent(".build/debug/home").path
        let command = ([executable] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        process.environment = ["HOME": home.root.path, "PATH": "/usr/bin:/bin"].merging(home.environment) { $1 }
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        keep(process)
        let text = PipeOutput(output)
        XCTAssertTrue(wait(for: "[N]o: ", in: text), text.text)
        input.fileHandleForWriting.write(Data((answer + "\n").utf8))
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        XCTAssertTrue(wait(for: "\n", in: text, seconds: 5))
        return (process.terminationStatus, text.text)
    }

    /// Waits until `output` has `expected` (after the last `marker`, when one is given), or `seconds`.
    private func wait(for expected: String, in output: PipeOutput, after marker: String? = nil, seconds: Double = 60) -> Bool {
        wait(for: expected, in: { output.text }, after: marker, seconds: seconds)
    }

    private func wait(for expected: String, in output: () -> String, after marker: String? = nil, seconds: Double = 60) -> Bool {
        func found() -> Bool {
            let text = output()
            let tail = marker.flatMap { text.range(of: $0, options: .backwards) }.map { text[$0.upperBound...] } ?? text[...]
            return tail.contains(expected)
        }
        let deadline = Date().addingTimeInterval(seconds)
        while !found(), Date() < deadline { usleep(50_000) }
        return found()
    }
}
