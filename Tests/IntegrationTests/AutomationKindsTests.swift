import DeviceModel
import Essentials
import Foundation
import Networking
import XCTest

/// Every kind of starter, condition and action the model types, compiled by it, saved on the real
/// Home Assistant 2024.3.3 and run there: a time starter a few seconds ahead with state, time and
/// numeric conditions; a numeric-state starter; a device trigger the light offers; a sun starter
/// (loaded by the server, its actions run by `automation.trigger`); service calls, a delay, a
/// notification and a scene as actions. Helpers of its own (`input_boolean`s, an `input_number`)
/// are made for the test and removed after.
final class AutomationKindsTests: XCTestCase {
    private var opened: OpenModel?
    private var helpers: [(domain: String, id: String)] = []
    private var automationIDs: [String] = []

    override func tearDown() async throws {
        guard let opened else { return }
        for id in automationIDs { try? await opened.automations().delete(id) }
        for helper in helpers { _ = try? await opened.connection.send("\(helper.domain)/delete", ["\(helper.domain)_id": .string(helper.id)]) }
        await opened.close()
    }

    /// Makes a helper and waits until the model sees it; returns its entity id.
    private func helper(_ domain: String, _ fields: [String: JSONValue]) async throws -> String {
        let model = try XCTUnwrap(opened).model
        let created = try await XCTUnwrap(opened).connection.send("\(domain)/create", fields)
        let id = try XCTUnwrap(created.objectValue?["id"]?.stringValue)
        helpers.append((domain, id))
        let entityID = "\(domain).\(id)"
        try await within(15, "\(entityID) to appear") {
            while (try? await model.device(entityID)) == nil { try await Current.sleep(0.1) }
        }
        return entityID
    }

    private func state(_ entityID: String) async -> String? {
        opened?.store.all[entityID]?.state
    }

    private func waitFor(_ entityID: String, _ state: String, within seconds: Double = 20) async throws {
        let store = try XCTUnwrap(opened).store
        try await within(seconds, "\(entityID) to be \(state)") {
            while store.all[entityID]?.state != state { try await Current.sleep(0.1) }
        }
    }

    private func create(_ draft: AutomationDraft) async throws -> Automation {
        let created = try await XCTUnwrap(opened).automations().create(draft)
        automationIDs.append(try XCTUnwrap(created.id))
        return created
    }

    /// The server's time of day `seconds` from now, `HH:MM:SS`, in its time zone.
    private func serverTime(in seconds: Double) async throws -> String {
        let config = try await XCTUnwrap(opened).connection.send("get_config")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: config.objectValue?["time_zone"]?.stringValue ?? "UTC") ?? .gmt
        let parts = calendar.dateComponents([.hour, .minute, .second], from: Current.now().addingTimeInterval(seconds))
        return [parts.hour, parts.minute, parts.second].map { String(format: "%02d", $0 ?? 0) }.joined(separator: ":")
    }

    func testEveryKindIsCompiledSavedAndRunByTheServer() async throws {
        let server = try IntegrationEnvironment.require()
        opened = try await OpenModel.open(server)
        let opened = try XCTUnwrap(opened)
        let tag = UUID().uuidString.prefix(6).lowercased()
        let gate = try await helper("input_boolean", ["name": .string("Kinds gate \(tag)")])
        let timeMarker = try await helper("input_boolean", ["name": .string("Kinds time \(tag)")])
        let blockedMarker = try await helper("input_boolean", ["name": .string("Kinds blocked \(tag)")])
        let numericMarker = try await helper("input_boolean", ["name": .string("Kinds numeric \(tag)")])
        let deviceMarker = try await helper("input_boolean", ["name": .string("Kinds device \(tag)")])
        let sunMarker = try await helper("input_boolean", ["name": .string("Kinds sun \(tag)")])
        let level = try await helper("input_number", ["name": .string("Kinds level \(tag)"), "min": .integer(0), "max": .integer(100), "step": .integer(1)])
        try await opened.model.execute(.turnOn, on: gate)
        _ = try await opened.rest.callService("input_number", "set_value", data: ["entity_id": .string(level), "value": .integer(15)])
        try await opened.model.execute(.setBrightness(percent: 20), on: "light.kitchen_lights")
        try await opened.model.execute(.turnOn, on: "light.bed_light")
        let notifications = try await ReceivedEvents(opened.connection, eventType: "call_service")

        // A time starter a few seconds ahead: its conditions hold, so every action runs in order.
        let at = try await serverTime(in: 8)
        let timed = try await create(AutomationDraft(
            alias: "Kinds time \(tag)", starters: [.time(at: at)],
            conditions: [.state(entityID: gate, is: "on"), .timeWindow(after: "00:00:00", before: nil), .numericState(entityID: level, above: 10, below: 90)],
            actions: [
                .service("input_boolean.turn_on", entityIDs: [timeMarker], data: [:]), .delay(seconds: 1),
                .notify(service: "notify.persistent_notification", message: "kinds \(tag)", title: "Companion"), .scene(entityID: "scene.companion_evening"),
            ]
        ))
        XCTAssertEqual(timed.starters, [.time(at: at)])
        XCTAssertEqual(timed.conditions, [.state(entityID: gate, is: "on"), .timeWindow(after: "00:00:00", before: nil), .numericState(entityID: level, above: 10, below: 90)])
        XCTAssertEqual(timed.actions, [
            .service("input_boolean.turn_on", entityIDs: [timeMarker], data: [:]), .delay(seconds: 1),
            .notify(service: "notify.persistent_notification", message: "kinds \(tag)", title: "Companion"), .scene(entityID: "scene.companion_evening"),
        ])
        // The same time, but a numeric condition that does not hold: nothing runs.
        _ = try await create(AutomationDraft(
            alias: "Kinds blocked \(tag)", starters: [.time(at: at)], conditions: [.numericState(entityID: level, above: nil, below: 5)],
            actions: [.service("input_boolean.turn_on", entityIDs: [blockedMarker], data: [:])]
        ))
        // A number crossing 50, and the light's own "turned off" device trigger.
        let numeric = try await create(AutomationDraft(
            alias: "Kinds numeric \(tag)", starters: [.numericState(entityID: level, above: 50, below: nil)],
            actions: [.service("input_boolean.turn_on", entityIDs: [numericMarker], data: [:])]
        ))
        XCTAssertEqual(numeric.starters, [.numericState(entityID: level, above: 50, below: nil)])
        let device = try await create(AutomationDraft(
            alias: "Kinds device \(tag)", starters: [.device(entityID: "light.bed_light", event: "turned_off")],
            actions: [.service("input_boolean.turn_on", entityIDs: [deviceMarker], data: [:])]
        ))
        let deviceTrigger = try XCTUnwrap(JSONParser.parse(device.configuration).objectValue?["trigger"]?.arrayValue?.first?.objectValue)
        XCTAssertEqual(deviceTrigger["platform"], .string("device"))
        XCTAssertEqual(deviceTrigger["type"], .string("turned_off"))
        XCTAssertEqual(deviceTrigger["domain"], .string("light"))
        XCTAssertNotNil(deviceTrigger["device_id"]?.stringValue)
        XCTAssertEqual(device.starters, [.device(entityID: "light.bed_light", event: "turned_off")])
        let sun = try await create(AutomationDraft(
            alias: "Kinds sun \(tag)", starters: [.sun(event: "sunset", offset: "-00:30:00")],
            actions: [.service("input_boolean.turn_on", entityIDs: [sunMarker], data: [:])]
        ))
        XCTAssertEqual(sun.starters, [.sun(event: "sunset", offset: "-00:30:00")])
        for automation in [timed, numeric, device, sun] {
            let state = await self.state(automation.entityID)
            XCTAssertEqual(state, "on", "\(automation.alias) loaded by the server")
        }

        _ = try await opened.rest.callService("input_number", "set_value", data: ["entity_id": .string(level), "value": .integer(60)])
        try await waitFor(numericMarker, "on")
        try await opened.model.execute(.turnOff, on: "light.bed_light")
        try await waitFor(deviceMarker, "on")
        _ = try await opened.rest.callService("automation", "trigger", data: ["entity_id": .string(sun.entityID)])
        try await waitFor(sunMarker, "on")

        // Back to a level the timed automation's condition takes before its time comes.
        _ = try await opened.rest.callService("input_number", "set_value", data: ["entity_id": .string(level), "value": .integer(15)])
        try await waitFor(timeMarker, "on", within: 30)
        let notified = await notifications.data(matching: { $0["domain"] == .string("notify") && $0["service"] == .string("persistent_notification") }, within: 10)
        XCTAssertEqual(notified?["service_data"]?.objectValue?["message"], .string("kinds \(tag)"))
        let sceneCalled = await notifications.data(matching: { $0["domain"] == .string("scene") && $0["service"] == .string("turn_on") }, within: 10)
        XCTAssertNotNil(sceneCalled, "the scene action ran after the delay")
        try await within(10, "the scene to set the kitchen light to 128") {
            while opened.store.all["light.kitchen_lights"]?.attributes["brightness"] != .integer(128) { try await Current.sleep(0.1) }
        }
        try await Current.sleep(1)
        let blocked = await state(blockedMarker)
        XCTAssertEqual(blocked, "off", "a condition that does not hold stops the actions")
        let lastTriggered = try await opened.automations().automation(timed.entityID).lastTriggered
        XCTAssertNotNil(lastTriggered)
    }

    func testEachKindIsCheckedBeforeAnythingIsSaved() async throws {
        let server = try IntegrationEnvironment.require()
        opened = try await OpenModel.open(server)
        let automations = try XCTUnwrap(opened).automations()
        let refusals: [(AutomationDraft, String)] = [
            (AutomationDraft(alias: "No bound", starters: [.numericState(entityID: "sensor.outside_temperature", above: nil, below: nil)], actions: [.delay(seconds: 1)]),
             "a numeric part on sensor.outside_temperature needs above or below"),
            (AutomationDraft(alias: "Crossed", starters: [.time(at: "07:00")], conditions: [.numericState(entityID: "sensor.outside_temperature", above: 30, below: 10)], actions: [.delay(seconds: 1)]),
             "on sensor.outside_temperature, above (30.0) must be less than below (10.0)"),
            (AutomationDraft(alias: "Odd event", starters: [.device(entityID: "light.bed_light", event: "exploded")], actions: [.delay(seconds: 1)]),
             "the device of light.bed_light offers no 'exploded' trigger for it; it offers: changed_states, turned_off, turned_on"),
            (AutomationDraft(alias: "No service", starters: [.time(at: "07:00")], actions: [.service("light.explode", entityIDs: ["light.bed_light"], data: [:])]),
             "the server has no service light.explode"),
            (AutomationDraft(alias: "Not a scene", starters: [.time(at: "07:00")], actions: [.scene(entityID: "light.bed_light")]),
             "light.bed_light is not a scene"),
        ]
        for (draft, message) in refusals {
            do {
                try await automations.create(draft)
                XCTFail("\(draft.alias) was accepted")
            } catch DeviceModelError.invalidArgument(let text) {
                XCTAssertEqual(text, message)
            }
        }
        let referencing = try XCTUnwrap(opened).automations(referencing: ["light", "on_off"])
        do {
            try await referencing.create(AutomationDraft(alias: "Sunless", starters: [.sun(event: "sunset", offset: nil)], actions: [.command(entityID: "light.bed_light", .turnOn)]))
            XCTFail("a sun starter was accepted without the sun trait referenced")
        } catch DeviceModelError.failedPrecondition(let text) {
            XCTAssertEqual(text, "a sun part needs the sun trait among the referencedAutomationTypes (light, on_off)")
        }
        let saved = try await automations.list().contains { ["No bound", "Crossed", "Odd event", "No service", "Not a scene", "Sunless"].contains($0.alias) }
        XCTAssertFalse(saved, "nothing refused was saved")
    }
}
