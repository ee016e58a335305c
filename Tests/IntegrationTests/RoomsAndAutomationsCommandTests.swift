import CLIKit
import CLIKitTestSupport
import Essentials
import Foundation
import HomeCLI
import XCTest

/// `home rooms` and `home automations` against the real Home Assistant: each action through the
/// command line, its result as JSON, and the listing that shows it.
final class RoomsAndAutomationsCommandTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("rooms-automations-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func home(_ server: IntegrationEnvironment, _ arguments: [String]) async -> (ExitCode, ConsoleRecorder) {
        let recorder = ConsoleRecorder(input: [server.token])
        let code = await HomeApp.run(arguments + ["--server", server.url, "--token-file", "-"], console: recorder.console())
        return (code, recorder)
    }

    /// The JSON object a successful command printed.
    private func object(_ result: (ExitCode, ConsoleRecorder), file: StaticString = #filePath, line: UInt = #line) throws -> [String: JSONValue] {
        XCTAssertEqual(result.0, .success, result.1.error, file: file, line: line)
        return try XCTUnwrap(try JSONParser.parse(result.1.out).objectValue, result.1.out, file: file, line: line)
    }

    func testARoomIsCreatedRenamedGivenADeviceAndDeleted() async throws {
        let server = try IntegrationEnvironment.require()
        let before = try object(await home(server, ["device", "light.ceiling_lights", "--json"]))
        let originalRoom = before["room"]?.stringValue ?? "none"
        let name = "CLI Room \(UUID().uuidString.prefix(6))"
        let created = try object(await home(server, ["rooms", "create", name, "--json"]))
        let id = try XCTUnwrap(created["created"]?.stringValue)
        XCTAssertEqual(created["name"], .string(name))

        let renamed = try object(await home(server, ["rooms", "rename", id, name + " 2", "--json"]))
        XCTAssertEqual(renamed["renamed"], .string(id))
        let assigned = try object(await home(server, ["rooms", "assign", "light.ceiling_lights", id, "--json"]))
        XCTAssertEqual(assigned["room"], .string(id))

        let (listed, rooms) = await home(server, ["rooms", "--json"])
        XCTAssertEqual(listed, .success, rooms.error)
        let room = try XCTUnwrap((try JSONParser.parse(rooms.out).arrayValue ?? []).first { $0.objectValue?["id"] == .string(id) }, rooms.out)
        XCTAssertEqual(room.objectValue?["name"], .string(name + " 2"))

        let unassigned = try object(await home(server, ["rooms", "assign", "light.ceiling_lights", "none", "--json"]))
        XCTAssertEqual(unassigned["room"], .null)
        _ = await home(server, ["rooms", "assign", "light.ceiling_lights", originalRoom])
        let deleted = try object(await home(server, ["rooms", "delete", id, "--json"]))
        XCTAssertEqual(deleted["deleted"], .string(id))
        let (missing, refusal) = await home(server, ["rooms", "delete", id])
        XCTAssertEqual(missing, .usage, "an unknown room is the caller's mistake")
        XCTAssertFalse(refusal.error.isEmpty)
    }

    func testAnAutomationIsCreatedFromAFileListedDisabledEnabledTriggeredAndDeleted() async throws {
        let server = try IntegrationEnvironment.require()
        let id = "cli_\(UUID().uuidString.prefix(8).lowercased())"
        let file = folder.appendingPathComponent("automation.json")
        try Data(#"{"id": "\#(id)", "alias": "CLI test \#(id)", "trigger": [{"platform": "time", "at": "05:00:00"}], "action": [{"delay": 1}]}"#.utf8).write(to: file)

        let created = try object(await home(server, ["automations", "create", file.path, "--json"]))
        XCTAssertEqual(created["id"], .string(id))
        XCTAssertEqual(created["enabled"], .bool(true))
        let entityID = try XCTUnwrap(created["entity_id"]?.stringValue)

        let (listed, list) = await home(server, ["automations", "list", "--json"])
        XCTAssertEqual(listed, .success, list.error)
        XCTAssertTrue(list.out.contains(entityID), list.out.prefix(400).description)
        for (change, outcome) in [("disable", "off"), ("enable", "on"), ("trigger", "triggered")] {
            let result = try object(await home(server, ["automations", change, id, "--json"]))
            XCTAssertEqual(result["outcome"], .string(outcome), change)
        }
        let (shown, show) = await home(server, ["automations", "show", id, "--json"])
        XCTAssertEqual(shown, .success, show.error)
        XCTAssertTrue(show.out.contains("CLI test \(id)"), show.out)
        let deleted = try object(await home(server, ["automations", "delete", id, "--json"]))
        XCTAssertEqual(deleted["outcome"], .string("deleted"))
        let (gone, refusal) = await home(server, ["automations", "show", id])
        XCTAssertEqual(gone, .usage, "an unknown automation is the caller's mistake: \(refusal.error)")
    }

    func testADraftFileWithEveryKindIsCreatedAndShownTyped() async throws {
        let server = try IntegrationEnvironment.require()
        let alias = "CLI kinds \(UUID().uuidString.prefix(6))"
        let file = folder.appendingPathComponent("kinds.json")
        try Data(#"""
        {"alias": "\#(alias)",
         "starters": [{"numeric": {"entity": "sensor.outside_temperature", "below": -30}},
                      {"device": {"entity": "light.bed_light", "event": "turned_on"}},
                      {"sun": {"event": "sunrise", "offset": "00:10:00"}}],
         "conditions": [{"numeric": {"entity": "sensor.outside_temperature", "above": -50}}, {"time": {"before": "23:00:00"}}],
         "actions": [{"service": {"name": "input_boolean.turn_off", "entities": ["input_boolean.companion_test"]}},
                     {"notify": {"message": "cold"}}, {"scene": "scene.companion_evening"}]}
        """#.utf8).write(to: file)
        let created = try object(await home(server, ["automations", "create", file.path, "--json"]))
        let id = try XCTUnwrap(created["id"]?.stringValue)
        XCTAssertEqual(created["starters"], .array([
            .string("when sensor.outside_temperature goes below -30"), .string("when light.bed_light: turned_on"), .string("at sunrise 00:10:00"),
        ]))
        XCTAssertEqual(created["conditions"], .array([.string("if sensor.outside_temperature is above -50"), .string("if the time is before 23:00:00")]))
        XCTAssertEqual(created["actions"], .array([
            .string("input_boolean.turn_off input_boolean.companion_test"), .string("notify.notify: cold"), .string("activate scene.companion_evening"),
        ]))
        let deleted = try object(await home(server, ["automations", "delete", id, "--json"]))
        XCTAssertEqual(deleted["outcome"], .string("deleted"))
        try Data(#"{"alias": "bad", "starters": [{"numeric": {"entity": "sensor.outside_temperature", "above": "warm"}}], "actions": [{"delay": 1}]}"#.utf8).write(to: file)
        let (refused, refusal) = await home(server, ["automations", "create", file.path])
        XCTAssertEqual(refused, .usage, refusal.error)
        XCTAssertTrue(refusal.error.contains("starters[0].numeric.above must be a number"), refusal.error)
    }
}
