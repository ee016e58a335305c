import DeviceModel
import Essentials
import Foundation
import HAModels
import Networking
import XCTest

/// The device model against the real Home Assistant 2024.3.3 with the demo: devices as the
/// registries say, rooms, streams, every trait kind's commands, and refusals that never reach
/// the server.
final class HomeDevicesIntegrationTests: XCTestCase {
    func testDevicesAreWhatTheDeviceRegistrySays() async throws {
        let server = try IntegrationEnvironment.require()
        let opened = try await OpenModel.open(server)
        let registry = try JSONValueDecoder().decode([DeviceRegistryEntry].self, from: try await AdminConnection(server: server).send("config/device_registry/list"))
        let devices = await opened.model.devices()
        await opened.close()
        let enabled = registry.filter { $0.disabledBy == nil }
        XCTAssertGreaterThan(enabled.count, 20, "the demo has devices")
        XCTAssertEqual(devices.count, enabled.count)
        XCTAssertEqual(Set(devices.map(\.id)), Set(enabled.map(\.id)))
        for entry in enabled {
            guard let name = entry.nameByUser ?? entry.name else { continue }
            XCTAssertEqual(devices.first { $0.id == entry.id }?.name, name)
        }
        let bedLight = try XCTUnwrap(devices.first { $0.entities.contains { $0.entityID == "light.bed_light" } })
        XCTAssertEqual(bedLight.type, .light)
        XCTAssertEqual(Set(bedLight.traits.map(\.kind)), [.onOff, .brightness, .color])
    }

    func testRoomsAreManagedAndTheStreamFollowsAMoveAndALightChange() async throws {
        let server = try IntegrationEnvironment.require()
        let opened = try await OpenModel.open(server)
        let model = opened.model
        let room = try await model.createRoom(named: "Test Room \(UUID().uuidString.prefix(6))")
        let device = try await model.device("light.ceiling_lights")
        let moved = try await within(20, "the stream to show the move") {
            var updates = model.deviceUpdates().makeAsyncIterator()
            guard let first = await updates.next(), first.first(where: { $0.id == device.id })?.roomID != room.id else { return false }
            try await model.assign(device: device.id, toRoom: room.id)
            while let devices = await updates.next() {
                if devices.first(where: { $0.id == device.id })?.roomID == room.id { return true }
            }
            return false
        }
        XCTAssertTrue(moved, "the stream yielded the device in its new room")
        let roomOfDevice = try await model.device(device.id).roomID
        XCTAssertEqual(roomOfDevice, room.id)
        let inRoom = await model.devices(DeviceQuery(roomID: room.id)).map(\.id)
        XCTAssertEqual(inRoom, [device.id])
        // A state change made elsewhere shows up in the stream too.
        let wasOn = try await model.device(device.id).entities.first?.state?.state == "on"
        _ = try await opened.rest.callService("light", wasOn ? "turn_off" : "turn_on", data: ["entity_id": .string("light.ceiling_lights")])
        let changed = try await within(20, "the stream to show the light's change") {
            var iterator = model.deviceUpdates().makeAsyncIterator()
            while let devices = await iterator.next() {
                let state = devices.first { $0.id == device.id }?.entities.first { $0.entityID == "light.ceiling_lights" }?.state?.state
                if state == (wasOn ? "off" : "on") { return true }
            }
            return false
        }
        XCTAssertTrue(changed)
        try await model.renameRoom(room.id, to: room.name + " renamed")
        let renamed = await model.rooms().first { $0.id == room.id }?.name
        XCTAssertEqual(renamed, room.name + " renamed")
        try await model.deleteRoom(room.id)
        let gone = await model.rooms().first { $0.id == room.id }
        XCTAssertNil(gone)
        let roomAfterDelete = try await model.device(device.id).roomID
        XCTAssertNil(roomAfterDelete, "its room is gone")
        do {
            try await model.assign(device: device.id, toRoom: "no-such-room")
            XCTFail("an unknown room was accepted")
        } catch {
            XCTAssertTrue(error.description.hasPrefix("no room with id 'no-such-room'"), error.description)
        }
        await opened.close()
    }

    /// The entity's trait of `kind` as the model reads it now.
    private func trait(_ model: HomeModel, _ entityID: String, _ kind: TraitKind) async throws -> Trait {
        let device = try await model.device(entityID)
        let entity = try XCTUnwrap(device.entities.first { $0.entityID == entityID })
        return try XCTUnwrap(entity.traits.first { $0.kind == kind }, "\(entityID) has no \(kind)")
    }

    func testEveryTraitKindTakesItsCommandsAndReadsThemBack() async throws {
        let server = try IntegrationEnvironment.require()
        let opened = try await OpenModel.open(server)
        let model = opened.model
        try await model.execute(.turnOff, on: "switch.decorative_lights")
        let value1 = try await trait(model, "switch.decorative_lights", .onOff)
        XCTAssertEqual(value1.values["on"], .bool(false))
        try await model.execute(.turnOn, on: "switch.decorative_lights")
        let value2 = try await trait(model, "switch.decorative_lights", .onOff)
        XCTAssertEqual(value2.values["on"], .bool(true))

        try await model.execute(.setBrightness(percent: 55), on: "light.bed_light")
        let value3 = try await trait(model, "light.bed_light", .brightness)
        XCTAssertEqual(value3.values["percent"], .integer(55))
        try await model.execute(.setHueSaturation(hue: 200, saturation: 60), on: "light.bed_light")
        guard case .color(let hs) = try await trait(model, "light.bed_light", .color) else { return XCTFail("no colour") }
        XCTAssertEqual(hs.hue ?? 0, 200, accuracy: 1)
        XCTAssertEqual(hs.saturation ?? 0, 60, accuracy: 1)
        try await model.execute(.setColorTemperature(kelvin: 3000), on: "light.bed_light")
        guard case .color(let warm) = try await trait(model, "light.bed_light", .color) else { return XCTFail("no colour") }
        XCTAssertEqual(Double(warm.kelvin ?? 0), 3000, accuracy: 60)

        try await model.execute(.setThermostatMode("heat"), on: "climate.hvac")
        try await model.execute(.setTargetTemperature(21), on: "climate.hvac")
        guard case .thermostat(let hvac) = try await trait(model, "climate.hvac", .thermostat) else { return XCTFail("no thermostat") }
        XCTAssertEqual(hvac.mode, "heat")
        XCTAssertEqual(hvac.target, 21)
        XCTAssertEqual(hvac.unit, "°C")
        try await model.execute(.setTargetRange(low: 19, high: 24), on: "climate.ecobee")
        guard case .thermostat(let ecobee) = try await trait(model, "climate.ecobee", .thermostat) else { return XCTFail("no thermostat") }
        XCTAssertEqual([ecobee.targetLow, ecobee.targetHigh], [19, 24])

        try await model.execute(.setFanSpeed(percent: 33), on: "fan.living_room_fan")
        try await model.execute(.setOscillation(true), on: "fan.living_room_fan")
        try await model.execute(.setFanDirection("reverse"), on: "fan.living_room_fan")
        guard case .fan(let fan) = try await trait(model, "fan.living_room_fan", .fan) else { return XCTFail("no fan") }
        XCTAssertEqual(fan.percentage, 33)
        XCTAssertEqual(fan.oscillating, true)
        XCTAssertEqual(fan.direction, "reverse")

        try await model.execute(.setCoverPosition(30), on: "cover.hall_window", timeout: 30)
        guard case .cover(let hall) = try await trait(model, "cover.hall_window", .cover) else { return XCTFail("no cover") }
        XCTAssertEqual(hall.position, 30)
        try await model.execute(.setCoverTilt(20), on: "cover.living_room_window", timeout: 30)
        guard case .cover(let living) = try await trait(model, "cover.living_room_window", .cover) else { return XCTFail("no cover") }
        XCTAssertEqual(living.tilt, 20)

        try await model.execute(.unlock, on: "lock.front_door")
        try await model.execute(.lock, on: "lock.front_door")
        let value4 = try await trait(model, "lock.front_door", .lock)
        XCTAssertEqual(value4.values["state"], .string("locked"))
        let jammed = try await model.execute(.lock, on: "lock.poorly_installed_door")
        XCTAssertEqual(jammed.state, "jammed", "the demo's badly fitted lock jams")
        guard case .lock(let poorly) = try await trait(model, "lock.poorly_installed_door", .lock) else { return XCTFail("no lock") }
        XCTAssertTrue(poorly.isJammed)
        try await model.execute(.openLock, on: "lock.openable_lock")

        try await model.execute(.pause, on: "media_player.walkman")
        try await model.execute(.setVolume(percent: 40), on: "media_player.walkman")
        guard case .mediaPlayback(let walkman) = try await trait(model, "media_player.walkman", .mediaPlayback) else { return XCTFail("no media") }
        XCTAssertEqual(walkman.state, "paused")
        XCTAssertEqual(walkman.volumePercent, 40)
        try await model.execute(.play, on: "media_player.walkman")
        try await model.execute(.selectSource("dvd"), on: "media_player.lounge_room")
        guard case .mediaPlayback(let lounge) = try await trait(model, "media_player.lounge_room", .mediaPlayback) else { return XCTFail("no media") }
        XCTAssertEqual(lounge.source, "dvd")

        let scene = try await model.execute(.activate, on: "scene.companion_evening")
        XCTAssertNotEqual(scene.state, "unknown", "a scene's state is when it was last activated")
        try await model.execute(.activate, on: "script.companion_blink")

        guard case .sensor(let temperature) = try await trait(model, "sensor.outside_temperature", .sensor) else { return XCTFail("no reading") }
        XCTAssertEqual(temperature.unit, "°C")
        XCTAssertEqual(temperature.deviceClass, "temperature")
        XCTAssertNotNil(temperature.number)
        guard case .binary(let motion) = try await trait(model, "binary_sensor.movement_backyard", .binary) else { return XCTFail("no binary") }
        XCTAssertEqual(motion.deviceClass, "motion")
        XCTAssertNotNil(motion.isOn)
        await opened.close()
    }

    func testRefusedCommandsNeverReachTheServer() async throws {
        let server = try IntegrationEnvironment.require()
        let opened = try await OpenModel.open(server)
        let calls = await opened.connection.subscribe("subscribe_events", ["event_type": .string("call_service")])
        let (subscribed, ready) = AsyncStream.makeStream(of: Void.self)
        let firstCall = Task { () -> JSONValue? in
            for try await update in calls {
                switch update {
                case .subscribed: ready.yield()
                case .events(let events): return events.first
                }
            }
            return nil
        }
        var readiness = subscribed.makeAsyncIterator()
        _ = await readiness.next()
        let before = try await opened.model.device("light.bed_light").entities.first?.state
        for (command, expected) in [(DeviceCommand.lock, "does not take lock.lock"), (.setBrightness(percent: 140), "out of range"),
                                    (.setColorTemperature(kelvin: 100), "out of range")] {
            do {
                try await opened.model.execute(command, on: "light.bed_light")
                XCTFail("\(command.name) was sent")
            } catch DeviceModelError.invalidArgument(let message) {
                XCTAssertTrue(message.contains(expected), message)
            }
        }
        // Events come in order: a refused command sent anyway would show before this one.
        try await opened.model.execute(.toggle, on: "switch.ac")
        let first = try await within(20, "the marker's call_service event") { try await firstCall.value }
        let data = first?.objectValue?["data"]?.objectValue
        XCTAssertEqual(data?["domain"], .string("switch"), "the first call the server saw is the marker: \(String(describing: first))")
        let after = try await opened.model.device("light.bed_light").entities.first?.state
        XCTAssertEqual(after?.lastUpdated, before?.lastUpdated, "the light was not touched")
        await opened.close()
    }
}
