import Foundation
import Networking
import XCTest

/// `home assist`, `home template` and `home tag scan` as processes, against the real Home
/// Assistant, through this machine's mobile_app webhook (registered by the first call).
final class CompanionCommandsTests: HomeProcessTestCase {
    private static func state(_ entity: String, _ server: IntegrationEnvironment) async throws -> String? {
        try await HTTPExchange.send("GET", URL(string: server.url + "/api/states/\(entity)")!, token: server.token).object()["state"] as? String
    }

    func testAssistTurnsALightOnAndPrintsTheAnswer() async throws {
        let server = try IntegrationEnvironment.require()
        let home = try signedIn(server)
        let off = try await HTTPExchange.send("POST", URL(string: server.url + "/api/services/light/turn_off")!, token: server.token, json: ["entity_id": "light.kitchen_lights"])
        XCTAssertEqual(off.status, 200)
        let offState = try await Self.state("light.kitchen_lights", server)
        XCTAssertEqual(offState, "off")

        let (status, output) = try home.run(["assist", "turn", "on", "the", "kitchen", "lights"])
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.hasPrefix("Turned on the light"), output)
        let onState = try await Self.state("light.kitchen_lights", server)
        XCTAssertEqual(onState, "on")

        let (unknown, answer) = try home.run(["assist", "turn on the garage unicorn", "--language", "en"])
        XCTAssertEqual(unknown, 1, "the agent could not do it")
        XCTAssertTrue(answer.contains("not aware of any device called garage unicorn"), answer)
        let (json, whole) = try home.run(["assist", "turn on the garage unicorn", "--json"])
        XCTAssertEqual(json, 1, whole)
        let result = try JSONSerialization.jsonObject(with: Data(whole.utf8)) as? [String: Any]
        XCTAssertEqual((result?["response"] as? [String: Any])?["response_type"] as? String, "error", whole)
        XCTAssertNotEqual(try home.run(["assist", " "]).0, 0, "nothing to say is a usage error")

        // The same through the server's preferred Assist pipeline, over the WebSocket API.
        let (piped, pipeAnswer) = try home.run(["assist", "turn off the kitchen lights", "--pipeline", "preferred"])
        XCTAssertEqual(piped, 0, pipeAnswer)
        XCTAssertTrue(pipeAnswer.hasPrefix("Turned off the light"), pipeAnswer)
        let offAgain = try await Self.state("light.kitchen_lights", server)
        XCTAssertEqual(offAgain, "off")
        let (missing, notFound) = try home.run(["assist", "turn on the kitchen lights", "--pipeline", "no-such-pipeline"])
        XCTAssertEqual(missing, 1)
        XCTAssertTrue(notFound.contains("pipeline-not-found"), notFound)
    }

    func testATemplateRendersAndABrokenOneShowsTheServersError() throws {
        let server = try IntegrationEnvironment.require()
        let home = try signedIn(server)
        let (status, output) = try home.run(["template", "{{ states('input_boolean.companion_test') in ['on', 'off'] }} {{ 6 * 7 }}"])
        XCTAssertEqual(status, 0, output)
        XCTAssertEqual(output, "True 42\n")
        let (number, native) = try home.run(["template", "{{ n * 2 }}", "--variables", "{\"n\": 21}"])
        XCTAssertEqual(number, 0, native)
        XCTAssertEqual(native, "42\n", "a number renders as one")
        let (escaped, visible) = try home.run(["template", "{{ t }}", "--variables", #"{"t": "\u001b[2Jcleared"}"#])
        XCTAssertEqual(escaped, 0, visible)
        XCTAssertEqual(visible, "\\x1B[2Jcleared\n", "what the server renders cannot drive the terminal")
        let (broken, error) = try home.run(["template", "{{ states('sun.sun') | no_such_filter }}"])
        XCTAssertEqual(broken, 1, error)
        XCTAssertTrue(error.contains("the server could not render the template: TemplateAssertionError: No filter named 'no_such_filter'"), error)
        let (unclosed, syntax) = try home.run(["template", "{{ states('sun.sun') "])
        XCTAssertEqual(unclosed, 1, syntax)
        XCTAssertTrue(syntax.contains("TemplateSyntaxError"), syntax)
        XCTAssertEqual(try home.run(["template", "{{ 1 }}", "--variables", "[1]"]).0, 2, "variables are a JSON object")
    }

    func testATagScanFiresTheTagAutomation() async throws {
        let server = try IntegrationEnvironment.require()
        let home = try signedIn(server)
        let suffix = String(UUID().uuidString.prefix(6)).lowercased()
        let tag = "companion-tag-\(suffix)", answered = "companion_tag_done_\(suffix)"
        let automation: [String: Any] = [
            "alias": "Companion tag \(suffix)",
            "trigger": [["platform": "tag", "tag_id": tag]],
            "action": [["event": answered, "event_data": ["tag": "{{ trigger.event.data.tag_id }}", "device": "{{ trigger.event.data.device_id }}"]]],
        ]
        let url = URL(string: server.url + "/api/config/automation/config/companion_tag_\(suffix)")!
        let created = try await HTTPExchange.send("POST", url, token: server.token, json: automation)
        XCTAssertEqual(created.status, 200, String(decoding: created.body, as: UTF8.self))
        addTeardownBlock { _ = try? await HTTPExchange.send("DELETE", url, token: server.token) }
        let watcher = HomeAssistantConnection(address: try ServerAddress(server.url), tokenProvider: StaticTokenProvider(server.token))
        await watcher.start()
        let answers = try await ReceivedEvents(watcher, eventType: answered)
        // The automation is set up a moment after it is saved.
        let entity = "automation.companion_tag_\(suffix)"
        try await within(10, "\(entity) to exist") {
            while try await Self.state(entity, server) != "on" { try await Task.sleep(nanoseconds: 100_000_000) }
        }

        let (status, output) = try home.run(["tag", "scan", tag])
        XCTAssertEqual(status, 0, output)
        XCTAssertEqual(output, "scanned tag \(tag): sent\n")
        let fired = await answers.data(0)
        XCTAssertEqual(fired?["tag"], .string(tag))
        XCTAssertNotEqual(fired?["device"], .string(""), "the scanner is this device")
        XCTAssertEqual(try home.run(["tag", "scan", ""]).0, 2)
        await watcher.stop()
    }
}
