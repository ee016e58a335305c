import DeviceModel
import Essentials
import Foundation
import Networking
import XCTest

/// Automations on the real Home Assistant: one made through the model fires, stops when
/// disabled, goes when deleted; one written by hand lists and round-trips unchanged; a type the
/// configuration did not reference is refused.
final class HomeAutomationsTests: XCTestCase {
    private static func brightness(_ opened: OpenModel, _ entityID: String) async throws -> Int? {
        let entity = try await opened.model.device(entityID).entities.first { $0.entityID == entityID }
        guard case .brightness(let trait)? = entity?.traits.first(where: { $0.kind == .brightness }) else { return nil }
        return trait.percent
    }

    func testAnAutomationFiresStopsWhenDisabledAndGoesWhenDeleted() async throws {
        let server = try IntegrationEnvironment.require()
        let opened = try await OpenModel.open(server)
        let model = opened.model
        try await model.execute(.turnOff, on: "input_boolean.companion_test")
        try await model.execute(.setBrightness(percent: 80), on: "light.kitchen_lights")
        let draft = AutomationDraft(
            alias: "Companion test \(UUID().uuidString.prefix(6))",
            starters: [.state(entityIDs: ["input_boolean.companion_test"], to: "on", from: nil)],
            actions: [.command(entityID: "light.kitchen_lights", .setBrightness(percent: 30))]
        )
        let automations = opened.automations()
        let created = try await automations.create(draft)
        let id = try XCTUnwrap(created.id)
        XCTAssertTrue(created.isEnabled)
        XCTAssertEqual(created.starters, [.state(entityIDs: ["input_boolean.companion_test"], to: "on", from: nil)])
        XCTAssertEqual(created.actions, [.service("light.turn_on", entityIDs: ["light.kitchen_lights"], data: ["brightness_pct": .integer(30)])])
        let listed = try await automations.list().contains { $0.id == id }
        XCTAssertTrue(listed)

        try await model.execute(.turnOn, on: "input_boolean.companion_test")
        try await within(20, "the automation to set the light to 30 %") {
            while try await Self.brightness(opened, "light.kitchen_lights") != 30 { try await Task.sleep(nanoseconds: 100_000_000) }
        }
        let triggered = try await automations.automation(id).lastTriggered
        XCTAssertNotNil(triggered)

        try await automations.setEnabled(id, false)
        try await model.execute(.setBrightness(percent: 80), on: "light.kitchen_lights")
        try await model.execute(.turnOff, on: "input_boolean.companion_test")
        try await model.execute(.turnOn, on: "input_boolean.companion_test")
        try await Task.sleep(nanoseconds: 2_000_000_000)
        let untouched = try await Self.brightness(opened, "light.kitchen_lights")
        XCTAssertEqual(untouched, 80, "a disabled automation does not run")

        try await automations.delete(id)
        let stillListed = try await automations.list().contains { $0.id == id }
        XCTAssertFalse(stillListed)
        try await model.execute(.turnOff, on: "input_boolean.companion_test")
        await opened.close()
    }

    func testAnAutomationWrittenByHandListsAndRoundTripsUnchanged() async throws {
        let server = try IntegrationEnvironment.require()
        let id = "handwritten_\(UUID().uuidString.prefix(8).lowercased())"
        let file = URL(fileURLWithPath: server.configDirectory).appendingPathComponent("automations.yaml")
        let existing = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        let entry = """
        - id: \(id)
          alias: Written by hand \(id)
          description: Keeps what the model does not cover
          trigger:
            - platform: template
              value_template: "{{ is_state('sun.sun', 'below_horizon') }}"
            - platform: state
              entity_id: input_boolean.companion_test
              to: "on"
          condition:
            - condition: state
              entity_id: light.bed_light
              state: "off"
          action:
            - choose:
                - conditions: "{{ true }}"
                  sequence:
                    - delay: 1
            - service: light.turn_on
              target:
                entity_id: light.bed_light
              data:
                brightness_pct: 10
          mode: queued

        """
        let text = existing.trimmingCharacters(in: .whitespacesAndNewlines) == "[]" || existing.isEmpty ? entry : existing + "\n" + entry
        try text.write(to: file, atomically: true, encoding: .utf8)
        let opened = try await OpenModel.open(server)
        _ = try await AdminConnection(server: server).send("call_service", ["domain": .string("automation"), "service": .string("reload")])
        let automations = opened.automations()
        do {
            try await checkRoundTrip(id, automations)
        } catch {
            // Left behind, it would run whenever another test flips the boolean.
            try? await automations.delete(id)
            await opened.close()
            throw error
        }
        try await automations.delete(id)
        await opened.close()
    }

    private func checkRoundTrip(_ id: String, _ automations: HomeAutomations) async throws {
        let listed = try await within(20, "the hand-written automation to load") {
            while true {
                if let found = try await automations.list().first(where: { $0.id == id }) { return found }
                try await Task.sleep(nanoseconds: 200_000_000)
            }
        }
        XCTAssertEqual(listed.alias, "Written by hand \(id)")
        XCTAssertEqual(listed.starters.count, 2)
        guard case .raw = listed.starters[0] else { return XCTFail("a template trigger is not modelled: \(listed.starters[0])") }
        XCTAssertEqual(listed.starters[1], .state(entityIDs: ["input_boolean.companion_test"], to: "on", from: nil))
        XCTAssertEqual(listed.conditions, [.state(entityID: "light.bed_light", is: "off")])
        guard case .raw = listed.actions[0] else { return XCTFail("choose is not modelled: \(listed.actions[0])") }
        XCTAssertEqual(listed.actions[1], .service("light.turn_on", entityIDs: ["light.bed_light"], data: ["brightness_pct": .integer(10)]))

        let saved = try await automations.save(configuration: listed.configuration, id: id)
        XCTAssertEqual(String(decoding: saved.configuration, as: UTF8.self), String(decoding: listed.configuration, as: UTF8.self),
                       "saved back, the configuration is byte for byte what it was")
    }

    func testATypeTheConfigurationDidNotReferenceIsRefused() async throws {
        let server = try IntegrationEnvironment.require()
        let opened = try await OpenModel.open(server)
        let draft = AutomationDraft(
            alias: "Refused", starters: [.state(entityIDs: ["input_boolean.companion_test"], to: "on", from: nil)],
            actions: [.command(entityID: "light.kitchen_lights", .setBrightness(percent: 30))]
        )
        do {
            try await opened.automations(referencing: ["light"]).create(draft)
            XCTFail("an input_boolean starter was accepted with only light referenced")
        } catch DeviceModelError.failedPrecondition(let message) {
            XCTAssertTrue(message.contains("input_boolean.companion_test (switch, on_off) is of no type or trait the configuration references"), message)
        }
        do {
            try await opened.automations().create(AutomationDraft(
                alias: "Out of range", starters: [.time(at: "07:00")], actions: [.command(entityID: "light.kitchen_lights", .setBrightness(percent: 300))]
            ))
            XCTFail("an out-of-range command was accepted")
        } catch DeviceModelError.invalidArgument(let message) {
            XCTAssertTrue(message.contains("out of range"), message)
        }
        do {
            try await opened.automations().create(AutomationDraft(alias: "Ghost", starters: [.time(at: "25:00")], actions: [.delay(seconds: 1)]))
            XCTFail("25:00 was accepted")
        } catch DeviceModelError.invalidArgument(let message) {
            XCTAssertEqual(message, "time '25:00' is not HH:MM or HH:MM:SS")
        }
        let saved = try await opened.automations().list().contains { ["Refused", "Out of range", "Ghost"].contains($0.alias) }
        XCTAssertFalse(saved, "nothing refused was saved")
        await opened.close()
    }
}
