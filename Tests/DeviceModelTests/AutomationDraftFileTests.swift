import DeviceModel
import Essentials
import XCTest

/// The draft file `home automations create` reads: every kind of part, and every way to write one
/// wrong (each error names the part); truncated and oversized input.
final class AutomationDraftFileTests: XCTestCase {
    private func draft(_ text: String) throws -> AutomationDraft {
        try AutomationDraft(file: try JSONParser.parse(Array(text.utf8)))
    }

    private func refusal(_ text: String) -> String? {
        do {
            _ = try draft(text)
            return nil
        } catch let error as DeviceModelError {
            return error.description
        } catch {
            return "not a model error: \(error)"
        }
    }

    func testEveryKindReadsToItsTypedPart() throws {
        let read = try draft(#"""
        {"alias": "Every kind", "mode": "queued",
         "starters": [{"state": {"entity": "input_boolean.away", "to": "on"}}, {"time": "07:00:00"},
                      {"sun": {"event": "sunset", "offset": "-00:30:00"}},
                      {"numeric": {"entity": "sensor.outside", "below": 5}},
                      {"device": {"entity": "light.hall", "event": "turned_off"}}],
         "conditions": [{"state": {"entity": "light.hall", "is": "off"}}, {"time": {"after": "08:00:00"}},
                        {"numeric": {"entity": "sensor.outside", "above": -10, "below": 30.5}}],
         "actions": [{"command": {"entity": "light.kitchen", "command": "brightness.set level=30"}},
                     {"service": {"name": "input_boolean.turn_on", "entities": "input_boolean.cosy", "data": {"x": 1}}},
                     {"delay": 5}, {"notify": {"message": "done", "title": "Home"}}, {"scene": "scene.evening"}]}
        """#)
        XCTAssertEqual(read.mode, "queued")
        XCTAssertEqual(read.starters, [
            .state(entityIDs: ["input_boolean.away"], to: "on", from: nil), .time(at: "07:00:00"), .sun(event: "sunset", offset: "-00:30:00"),
            .numericState(entityID: "sensor.outside", above: nil, below: 5), .device(entityID: "light.hall", event: "turned_off"),
        ])
        XCTAssertEqual(read.conditions, [
            .state(entityID: "light.hall", is: "off"), .timeWindow(after: "08:00:00", before: nil),
            .numericState(entityID: "sensor.outside", above: -10, below: 30.5),
        ])
        XCTAssertEqual(read.actions, [
            .command(entityID: "light.kitchen", .setBrightness(percent: 30)),
            .service("input_boolean.turn_on", entityIDs: ["input_boolean.cosy"], data: ["x": .integer(1)]),
            .delay(seconds: 5), .notify(service: "notify.notify", message: "done", title: "Home"), .scene(entityID: "scene.evening"),
        ])
    }

    func testMalformedPartsAreRefusedNamingThePart() {
        let cases: [(String, String)] = [
            (#"[]"#, "an automation file holds one JSON object"),
            (#"{"alias": "x", "triggers": []}"#, "unknown key 'triggers'; an automation has actions, alias, conditions, description, mode, starters"),
            (#"{"starters": []}"#, "an automation needs an \"alias\""),
            (#"{"alias": "x", "mode": "often"}"#, "mode 'often' is not single, restart, queued or parallel"),
            (#"{"alias": "x", "starters": {"time": "07:00"}}"#, "\"starters\" must be a list"),
            (#"{"alias": "x", "starters": [{"weather": {}}]}"#, "starters[0] must be an object with one of state, time, sun, numeric, device"),
            (#"{"alias": "x", "starters": [{"numeric": {"entity": "s.x", "above": "warm"}}]}"#, "starters[0].numeric.above must be a number"),
            (#"{"alias": "x", "starters": [{"numeric": {"above": 1}}]}"#, "starters[0].numeric.entity must be a non-empty string"),
            (#"{"alias": "x", "starters": [{"device": {"entity": "light.x"}}]}"#, "starters[0].device.event must be a non-empty string"),
            (#"{"alias": "x", "conditions": [{"numeric": {"entity": "s.x", "below": [1]}}]}"#, "conditions[0].numeric.below must be a number"),
            (#"{"alias": "x", "actions": [{"service": {"name": "turn_on"}}]}"#, "actions[0].service.name must be domain.service, not 'turn_on'"),
            (#"{"alias": "x", "actions": [{"service": {"name": "a.b", "entities": [1]}}]}"#, "actions[0].service.entities must be an entity id or a list of them"),
            (#"{"alias": "x", "actions": [{"service": {"name": "a.b", "data": []}}]}"#, "actions[0].service.data must be an object"),
            (#"{"alias": "x", "actions": [{"scene": 3}]}"#, "actions[0].scene must be a non-empty string"),
            (#"{"alias": "x", "actions": [{"delay": -1}]}"#, "actions[0].delay must be a number of seconds, 0 or more"),
        ]
        for (text, message) in cases {
            XCTAssertEqual(refusal(text), message, text)
        }
    }

    func testTruncatedAndOversizedInputIsAnErrorNotATrap() {
        let whole = #"{"alias": "x", "starters": [{"numeric": {"entity": "s.x", "above": 1}}], "actions": [{"scene": "scene.a"}]}"#
        for end in 0..<whole.count {
            let prefix = String(whole.prefix(end))
            XCTAssertThrowsError(try draft(prefix), "a truncated file read: \(prefix)")
        }
        XCTAssertNoThrow(try draft(whole))
        let many = "{\"alias\": \"x\", \"actions\": [" + Array(repeating: #"{"delay": 1}"#, count: 20_000).joined(separator: ",") + "]}"
        XCTAssertEqual(try draft(many).actions.count, 20_000, "a long list reads; the command bounds the file's size")
    }

    func testReferencedTypesReadFromNamesAndRefuseUnknownOnes() throws {
        let types = try ReferencedAutomationTypes(names: ["light", "on_off", "thermostat", "time"])
        XCTAssertEqual(types.deviceTypes, [.light, .thermostat])
        XCTAssertEqual(types.traits, [.onOff, .thermostat])
        XCTAssertEqual(types.structureTraits, [.time])
        XCTAssertEqual(types.names, ["light", "on_off", "thermostat", "time"])
        XCTAssertTrue(try ReferencedAutomationTypes(names: []).isEmpty)
        XCTAssertThrowsError(try ReferencedAutomationTypes(names: ["light", "Switch!"])) { error in
            XCTAssertEqual((error as? DeviceModelError)?.description.hasPrefix("'Switch!' is no device type or trait; valid: activatable, binary, binary_sensor, brightness"), true, "\(error)")
        }
        XCTAssertThrowsError(try ReferencedAutomationTypes(names: ["other"]), "other is what no type is")
    }
}
