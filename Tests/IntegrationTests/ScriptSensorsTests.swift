import Essentials
import Foundation
import XCTest

/// Script sensors against the real Home Assistant: a script's values reach the server as the
/// sensors' states; a script that hangs or floods is stopped, its sensor `unavailable`, and the
/// reason logged.
final class ScriptSensorsTests: HomeProcessTestCase {
    private static func states(endingWith suffixes: [String], _ server: IntegrationEnvironment) async throws -> [String: String] {
        let entries = try await AdminConnection(server: server).send("config/entity_registry/list").arrayValue ?? []
        var found: [String: String] = [:]
        for entry in entries {
            guard let object = entry.objectValue, object["platform"]?.stringValue == "mobile_app", let unique = object["unique_id"]?.stringValue,
                  let suffix = suffixes.first(where: { unique.hasSuffix("_" + $0) }), let entity = object["entity_id"]?.stringValue
            else { continue }
            found[suffix] = try await HTTPExchange.send("GET", URL(string: server.url + "/api/states/\(entity)")!, token: server.token).object()["state"] as? String
        }
        return found
    }

    func testAScriptsValuesReachTheServerAndAHangingOrFloodingOneIsCutOff() async throws {
        let server = try IntegrationEnvironment.require()
        let manifest: [String: Any] = ["schemaVersion": 1, "plugins": [["id": "script-sensors", "configuration": ["scripts": [
            ["id": "good", "command": ["/bin/sh", "-c", "echo level=42; echo mood=calm"], "sensors": [["key": "level", "name": "Good level", "unit": "%"], ["key": "mood"]]],
            ["id": "hang", "command": ["/bin/sleep", "30"], "timeout": 1, "sensors": [["key": "value"]]],
            ["id": "flood", "command": ["/usr/bin/yes", "flood"], "sensors": [["key": "value"]]],
            ["id": "json", "command": ["/bin/echo", #"{"count": 7}"#], "sensors": [["key": "count"]]],
        ]]]]]
        let home = try signedIn(server, manifest: String(decoding: try JSONSerialization.data(withJSONObject: manifest), as: UTF8.self))
        let ids = ["script_good_level", "script_good_mood", "script_hang_value", "script_flood_value", "script_json_count"]
        let (listed, list) = try home.run(["sensors"])
        XCTAssertEqual(listed, 0, list)
        for id in ids { XCTAssertTrue(list.contains(id), "\(id) is listed with the other sensors: \(list)") }
        XCTAssertEqual(try home.run(["sensors", "enable"] + ids).0, 0)

        let started = Date()
        let (reported, output) = try home.run(["agent", "report"])
        XCTAssertEqual(reported, 0, output)
        XCTAssertLessThan(Date().timeIntervalSince(started), 25, "the hanging script was stopped at its timeout")
        XCTAssertTrue(output.contains("script hang: /bin/sleep took longer than 1 s and was stopped; its sensors are unavailable"), output)
        XCTAssertTrue(output.contains("script flood: /usr/bin/yes wrote more than 64 KiB and was stopped; its sensors are unavailable"), output)
        let states = try await Self.states(endingWith: ids, server)
        XCTAssertEqual(states, [
            "script_good_level": "42", "script_good_mood": "calm", "script_json_count": "7",
            "script_hang_value": "unavailable", "script_flood_value": "unavailable",
        ])
    }
}
