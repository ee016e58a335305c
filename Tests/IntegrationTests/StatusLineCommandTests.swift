import Foundation
import XCTest

/// `home status-line` as a process against the real Home Assistant: the line once, and printed
/// again (as waybar's JSON) when a chosen entity changes.
final class StatusLineCommandTests: HomeProcessTestCase {
    private func toggle(_ entity: String, _ server: IntegrationEnvironment) async throws {
        let toggled = try await HTTPExchange.send("POST", URL(string: server.url + "/api/services/input_boolean/turn_\(entity)")!, token: server.token, json: ["entity_id": "input_boolean.companion_test"])
        XCTAssertEqual(toggled.status, 200)
    }

    func testTheLineIsPrintedOnceAndAgainOnEveryChange() async throws {
        let server = try IntegrationEnvironment.require()
        let home = try signedIn(server)
        try await toggle("off", server)

        let (once, line) = try home.run(["status-line", "input_boolean.companion_test=Test", "sensor.outside_temperature", "light.nope", "--once"])
        XCTAssertEqual(once, 0, line)
        XCTAssertTrue(line.hasPrefix("Test off | Outside Temperature "), line)
        XCTAssertTrue(line.hasSuffix(" °C | light.nope ?\n"), line)
        XCTAssertEqual(try home.run(["status-line", "not-an-entity"]).0, 2)

        let (watcher, output) = try home.start(["status-line", "input_boolean.companion_test=Test", "--json"])
        keep(watcher)
        let log = AgentLog(output)
        try await log.wait(for: #""text":"Test off""#, within: 20)
        try await toggle("on", server)
        try await log.wait(for: #""text":"Test on""#, within: 20)
        let lines = log.text.split(separator: "\n").filter { $0.hasPrefix("{") }
        XCTAssertEqual(lines, [
            #"{"class":[],"text":"Test off","tooltip":"input_boolean.companion_test: off"}"#,
            #"{"class":["on"],"text":"Test on","tooltip":"input_boolean.companion_test: on"}"#,
        ])
        try await toggle("off", server)
    }
}
