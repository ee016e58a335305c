@testable import DeviceModel
import Essentials
import HAModels
@testable import Networking
import XCTest

/// The change-by-change index against the full assembly: after every one of thousands of random
/// state changes (names that move a device in the order, device classes that change its type,
/// removals, entities with no registry entry coming and going), every query's index shows what
/// assembling everything again shows, and says whether that changed.
final class DeviceIndexTests: XCTestCase {
    private let names = ["alpha", "Beta", "gamma", "beta", "Zulu", "delta"]
    private let classes: [String?] = [nil, "outlet", "tv", "garage", "power"]

    private func registries() throws -> RegistrySnapshot {
        var devices: [DeviceRegistryEntry] = []
        var entities: [EntityRegistryEntry] = []
        let domains = ["light", "switch", "sensor", "binary_sensor", "media_player", "cover"]
        for number in 0..<12 {
            // Every third device has no name of its own: its first entity's friendly name names it.
            let name: String? = number % 3 == 0 ? nil : "Device \(number % 5)"
            devices.append(try ModelFixtures.device("d\(number)", name ?? "", area: number % 4 == 0 ? "a\(number % 3)" : nil, disabled: number == 7))
            if name == nil { devices[number] = try unnamed("d\(number)") }
            for slot in 0..<3 {
                entities.append(try ModelFixtures.entity(
                    "\(domains[(number + slot) % domains.count]).e\(number)_\(slot)", device: "d\(number)", area: slot == 1 ? "a\(number % 3)" : nil,
                    hidden: number % 5 == 1 && slot == 2, disabled: number % 6 == 2 && slot == 0, category: slot == 2 && number % 2 == 0 ? "diagnostic" : nil
                ))
            }
        }
        entities.append(try ModelFixtures.entity("scene.alone", device: nil))
        entities.append(try ModelFixtures.entity("script.hidden_alone", device: nil, hidden: true))
        entities.append(try ModelFixtures.entity("light.orphan", device: "no-such-device"))
        return RegistrySnapshot(areas: [try ModelFixtures.area("a0", "Zero"), try ModelFixtures.area("a1", "One")], devices: devices, entities: entities)
    }

    private func unnamed(_ id: String) throws -> DeviceRegistryEntry {
        try JSONValueDecoder().decode(DeviceRegistryEntry.self, from: .object([
            "id": .string(id), "name": .null, "name_by_user": .null, "area_id": .null, "config_entries": .array([]),
            "configuration_url": .null, "connections": .array([]), "identifiers": .array([]), "disabled_by": .null, "entry_type": .null,
            "manufacturer": .null, "model": .null, "hw_version": .null, "sw_version": .null, "serial_number": .null, "via_device_id": .null,
        ]))
    }

    private var queries: [DeviceQuery] {
        var queries: [DeviceQuery] = []
        for flags in 0..<8 {
            let hidden = flags & 1 != 0, disabled = flags & 2 != 0, standalone = flags & 4 != 0
            queries.append(DeviceQuery(includeHidden: hidden, includeDisabled: disabled, includeStandalone: standalone))
            queries.append(DeviceQuery(includeHidden: hidden, includeDisabled: disabled, includeStandalone: standalone, roomID: "a1"))
            queries.append(DeviceQuery(includeHidden: hidden, includeDisabled: disabled, includeStandalone: standalone, type: .light))
        }
        return queries
    }

    private func randomState(_ entityID: String, _ step: Int, using generator: inout some RandomNumberGenerator) -> EntityState {
        var attributes: [String: JSONValue] = ["friendly_name": .string(names.randomElement(using: &generator) ?? "")]
        if let deviceClass = classes.randomElement(using: &generator) ?? nil { attributes["device_class"] = .string(deviceClass) }
        if Bool.random(using: &generator) { attributes["brightness"] = .integer(Int64.random(in: 0...255, using: &generator)) }
        return ModelFixtures.state(entityID, Bool.random(using: &generator) ? "on" : "\(step)", attributes)
    }

    func testEveryQueryFollowsRandomChangesAsAFullAssemblyWould() throws {
        continueAfterFailure = false
        let registries = try registries()
        var generator = SystemRandomNumberGenerator()
        let ids = registries.entities.map(\.entityID) + (0..<4).map { "sensor.api_\($0)" }
        var states: [String: EntityState] = [:]
        for id in ids where Bool.random(using: &generator) { states[id] = randomState(id, 0, using: &generator) }
        var indexes = queries.map { DeviceIndex(query: $0, registries: registries, states: states, temperatureUnit: "°C") }
        var moves = 0
        for step in 1...800 {
            let id = ids.randomElement(using: &generator) ?? ""
            let new = Int.random(in: 0..<6, using: &generator) == 0 ? nil : randomState(id, step, using: &generator)
            let change = EntityChange(entityID: id, oldState: states[id], newState: new)
            states[id] = new
            for (position, query) in queries.enumerated() {
                let before = indexes[position].devices
                let changed = indexes[position].apply(change)
                let expected = DeviceAssembler(registries: registries, states: states, temperatureUnit: "°C").devices(query)
                XCTAssertEqual(indexes[position].devices, expected, "step \(step), \(id) → \(new?.state ?? "removed"), \(query)")
                XCTAssertEqual(changed, before != expected, "step \(step): whether \(query) changed")
                if before.map(\.id) != expected.map(\.id) { moves += 1 }
            }
        }
        XCTAssertGreaterThan(moves, 30, "changes moved devices in the order, added and removed them")
    }

    func testLooksUpADeviceByItsIDOrByOneOfItsEntities() throws {
        let registries = try registries()
        let states = Dictionary(uniqueKeysWithValues: ["light.e0_0", "sensor.api_0", "scene.alone"].map { ($0, ModelFixtures.state($0, "on")) })
        let everything = DeviceQuery(includeHidden: true, includeDisabled: true, includeStandalone: true)
        let index = DeviceIndex(query: everything, registries: registries, states: states, temperatureUnit: "°C")
        XCTAssertEqual(index.device("d1")?.entities.count, 3)
        XCTAssertEqual(index.device(containing: "light.e0_0")?.id, "d0")
        XCTAssertEqual(index.device(containing: "sensor.api_0")?.isStandalone, true, "a state with no registry entry stands alone")
        XCTAssertEqual(index.device(containing: "scene.alone")?.id, "scene.alone")
        XCTAssertNil(index.device(containing: "light.orphan"), "its device is not in the registry")
        let plain = DeviceIndex(query: DeviceQuery(), registries: registries, states: states, temperatureUnit: "°C")
        XCTAssertNil(plain.device("d7"), "disabled devices only on request")
        XCTAssertNil(plain.device(containing: "sensor.api_0"), "standalone entities only on request")
        XCTAssertNil(plain.device(containing: "binary_sensor.e1_2"), "hidden entities only on request")
    }
}
