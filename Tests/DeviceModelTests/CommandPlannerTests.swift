@testable import DeviceModel
import Essentials
import XCTest

/// Commands checked against traits and ranges before anything is sent, and mapped to services.
final class CommandPlannerTests: XCTestCase {
    private func entity(_ entityID: String, _ state: String, _ attributes: [String: JSONValue]) -> DeviceEntity {
        let state = ModelFixtures.state(entityID, state, attributes)
        return DeviceEntity(entityID: entityID, name: entityID, roomID: nil, traits: TraitMapper.traits(of: state, temperatureUnit: "°C"),
                            state: state, isHidden: false, isDisabled: false, category: nil)
    }

    private var light: DeviceEntity {
        entity("light.bed_light", "off", [
            "supported_color_modes": .array([.string("color_temp")]), "min_color_temp_kelvin": .integer(2000), "max_color_temp_kelvin": .integer(6535),
        ])
    }

    func testAValidCommandBecomesItsServiceCall() throws {
        let call = try CommandPlanner(strict: true).plan(.setBrightness(percent: 40), for: light)
        XCTAssertEqual([call.domain, call.service, call.entityID], ["light", "turn_on", "light.bed_light"])
        XCTAssertEqual(call.data, ["brightness_pct": .integer(40)])
        XCTAssertTrue(call.isSatisfied(ModelFixtures.state("light.bed_light", "on", ["brightness": .integer(102)])))
        XCTAssertFalse(call.isSatisfied(ModelFixtures.state("light.bed_light", "on", ["brightness": .integer(200)])))
    }

    func testStrictValidationRefusesWhatTheDeviceDoesNotTake() {
        let strict = CommandPlanner(strict: true)
        XCTAssertThrowsError(try strict.plan(.lock, for: light)) {
            XCTAssertEqual($0 as? DeviceModelError, .invalidArgument(
                "light.bed_light does not take lock.lock; its commands: on_off.on, on_off.off, on_off.toggle, brightness.set, color.set_temperature"
            ))
        }
        XCTAssertThrowsError(try strict.plan(.setHueSaturation(hue: 1, saturation: 1), for: light), "a colour-temperature-only light has no hs")
        XCTAssertThrowsError(try strict.plan(.setBrightness(percent: 101), for: light)) {
            XCTAssertEqual("\($0)", "brightness.set: level 101 is out of range for light.bed_light (0-100)")
        }
        XCTAssertThrowsError(try strict.plan(.setColorTemperature(kelvin: 9000), for: light)) {
            XCTAssertEqual("\($0)", "color.set_temperature: kelvin 9000 is out of range for light.bed_light (2000-6535)")
        }
        let thermostat = entity("climate.hvac", "cool", [
            "hvac_modes": .array([.string("off"), .string("cool")]), "supported_features": .integer(3), "min_temp": .integer(7), "max_temp": .integer(35),
        ])
        XCTAssertThrowsError(try strict.plan(.setThermostatMode("sauna"), for: thermostat)) {
            XCTAssertEqual("\($0)", "thermostat.set_mode: climate.hvac has no mode 'sauna'; its modes: off, cool")
        }
        XCTAssertThrowsError(try strict.plan(.setTargetRange(low: 25, high: 20), for: thermostat)) {
            XCTAssertEqual("\($0)", "thermostat.set_range: low 25.0 is above high 20.0")
        }
        XCTAssertThrowsError(try strict.plan(.setTargetTemperature(40), for: thermostat))
        let sensor = entity("sensor.power", "3", [:])
        XCTAssertThrowsError(try strict.plan(.turnOn, for: sensor)) {
            XCTAssertEqual("\($0)", "sensor.power does not take on_off.on; its commands: none (it only reports)")
        }
    }

    func testWithoutStrictValidationTheCommandIsMappedAndSent() throws {
        let call = try CommandPlanner(strict: false).plan(.setBrightness(percent: 400), for: light)
        XCTAssertEqual(call.data, ["brightness_pct": .integer(400)], "the server's answer decides")
        let lock = try CommandPlanner(strict: false).plan(.lock, for: light)
        XCTAssertEqual([lock.domain, lock.service], ["lock", "lock"])
    }
}
