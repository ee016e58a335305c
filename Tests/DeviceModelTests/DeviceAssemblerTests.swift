@testable import DeviceModel
import Essentials
import XCTest

/// Devices from registries and states: rooms, types, the union of traits, what is left out.
final class DeviceAssemblerTests: XCTestCase {
    private func assembler() throws -> DeviceAssembler {
        let registries = RegistrySnapshot(
            areas: [try ModelFixtures.area("kitchen", "Kitchen"), try ModelFixtures.area("hall", "Hall")],
            devices: [
                try ModelFixtures.device("d-lamp", "Lamp", area: "kitchen"),
                try ModelFixtures.device("d-plug", "Plug"),
                try ModelFixtures.device("d-split", "Split"),
                try ModelFixtures.device("d-off", "Old", disabled: true),
            ],
            entities: [
                try ModelFixtures.entity("light.lamp", device: "d-lamp"),
                try ModelFixtures.entity("sensor.lamp_power", device: "d-lamp", category: "diagnostic"),
                try ModelFixtures.entity("switch.plug", device: "d-plug", area: "hall"),
                try ModelFixtures.entity("sensor.plug_power", device: "d-plug", area: "hall"),
                try ModelFixtures.entity("sensor.plug_secret", device: "d-plug", hidden: true),
                try ModelFixtures.entity("sensor.split_a", device: "d-split", area: "hall"),
                try ModelFixtures.entity("sensor.split_b", device: "d-split", area: "kitchen"),
                try ModelFixtures.entity("binary_sensor.old", device: "d-off"),
                try ModelFixtures.entity("scene.evening", device: nil),
            ]
        )
        let states = [
            ModelFixtures.state("light.lamp", "on", ["brightness": .integer(128), "supported_color_modes": .array([.string("brightness")])]),
            ModelFixtures.state("sensor.lamp_power", "4.5", ["unit_of_measurement": .string("W"), "device_class": .string("power")]),
            ModelFixtures.state("switch.plug", "off", ["device_class": .string("outlet")]),
            ModelFixtures.state("sensor.plug_power", "0", ["unit_of_measurement": .string("W")]),
            ModelFixtures.state("sensor.plug_secret", "1"),
            ModelFixtures.state("sensor.split_a", "1"),
            ModelFixtures.state("sensor.split_b", "2"),
            ModelFixtures.state("scene.evening", "2026-01-01T00:00:00+00:00"),
            ModelFixtures.state("sensor.made_by_api", "7"),
        ]
        return DeviceAssembler(registries: registries, states: Dictionary(uniqueKeysWithValues: states.map { ($0.entityID, $0) }), temperatureUnit: "°C")
    }

    func testDevicesTakeTheirRoomTypeAndTheUnionOfTheirEntitiesTraits() throws {
        let devices = try assembler().devices(DeviceQuery())
        XCTAssertEqual(devices.map(\.name), ["Lamp", "Plug", "Split"], "by name; the disabled device is left out")
        let lamp = devices[0], plug = devices[1], split = devices[2]
        XCTAssertEqual(lamp.roomID, "kitchen", "the device's own area")
        XCTAssertEqual(lamp.type, .light, "the diagnostic power sensor does not make it a sensor")
        XCTAssertEqual(lamp.traits.map(\.kind), [.onOff, .brightness, .sensor])
        XCTAssertEqual(lamp.traits.first { $0.kind == .brightness }, .brightness(BrightnessTrait(percent: 50)))
        XCTAssertEqual(plug.roomID, "hall", "no area of its own: the one its visible entities share")
        XCTAssertEqual(plug.type, .outlet)
        XCTAssertEqual(plug.entities.map(\.entityID), ["switch.plug", "sensor.plug_power"], "the hidden entity is left out")
        XCTAssertNil(split.roomID, "its entities are in two rooms")
        XCTAssertEqual(split.entities.map(\.roomID), ["hall", "kitchen"])
    }

    func testHiddenDisabledAndStandaloneOnRequest() throws {
        let all = try assembler().devices(DeviceQuery(includeHidden: true, includeDisabled: true, includeStandalone: true))
        XCTAssertEqual(all.map(\.id).sorted(), ["d-lamp", "d-off", "d-plug", "d-split", "scene.evening", "sensor.made_by_api"])
        XCTAssertEqual(all.first { $0.id == "d-plug" }?.entities.count, 3)
        let scene = try XCTUnwrap(all.first { $0.id == "scene.evening" })
        XCTAssertTrue(scene.isStandalone)
        XCTAssertEqual(scene.type, .scene)
        XCTAssertEqual(scene.traits.map(\.kind), [.activatable])
        XCTAssertEqual(all.first { $0.id == "sensor.made_by_api" }?.type, .sensor, "a state with no registry entry stands alone too")
    }

    func testFiltersByRoomAndType() throws {
        let assembler = try assembler()
        XCTAssertEqual(assembler.devices(DeviceQuery(roomID: "hall")).map(\.id), ["d-plug"])
        XCTAssertEqual(assembler.devices(DeviceQuery(type: .light)).map(\.id), ["d-lamp"])
        XCTAssertEqual(assembler.devices(DeviceQuery(roomID: "nowhere")), [])
    }
}
