@testable import DeviceModel
import Essentials
import XCTest

/// Traits read from states shaped as the demo integration of Home Assistant 2024.3 writes them.
final class TraitMapperTests: XCTestCase {
    private func traits(_ entityID: String, _ state: String, _ attributes: [String: JSONValue]) -> [Trait] {
        TraitMapper.traits(of: ModelFixtures.state(entityID, state, attributes), temperatureUnit: "°C")
    }

    func testALightWithTemperatureAndHueSaturation() {
        let traits = traits("light.bed_light", "on", [
            "supported_color_modes": .array([.string("color_temp"), .string("hs")]), "color_mode": .string("hs"),
            "brightness": .integer(255), "hs_color": .array([.double(300), .integer(71)]),
            "min_color_temp_kelvin": .integer(2000), "max_color_temp_kelvin": .integer(6535),
        ])
        XCTAssertEqual(traits.map(\.kind), [.onOff, .brightness, .color])
        guard case .color(let color) = traits[2] else { return XCTFail("no colour") }
        XCTAssertEqual(color.hue, 300)
        XCTAssertEqual(color.saturation, 71)
        XCTAssertTrue(color.supportsTemperature)
        XCTAssertTrue(color.supportsHueSaturation)
        XCTAssertEqual(color.minimumKelvin, 2000)
        XCTAssertEqual(traits[1], .brightness(BrightnessTrait(percent: 100)))
    }

    func testAnOnOffOnlyLightHasNoBrightness() {
        XCTAssertEqual(traits("light.x", "off", ["supported_color_modes": .array([.string("onoff")])]).map(\.kind), [.onOff])
    }

    func testAThermostatWithRangeFanCoverLockAndMediaFeatures() {
        let climate = traits("climate.ecobee", "heat_cool", [
            "hvac_modes": .array([.string("off"), .string("heat_cool")]), "supported_features": .integer(442),
            "target_temp_low": .integer(21), "target_temp_high": .integer(24), "current_temperature": .integer(23),
            "min_temp": .integer(7), "max_temp": .integer(35),
        ])
        guard case .thermostat(let thermostat) = climate.first else { return XCTFail("no thermostat") }
        XCTAssertFalse(thermostat.supportsTarget, "442 has no TARGET_TEMPERATURE bit")
        XCTAssertTrue(thermostat.supportsRange)
        XCTAssertEqual(thermostat.targetLow, 21)
        XCTAssertEqual(thermostat.unit, "°C")
        guard case .fan(let fan) = traits("fan.living_room_fan", "on", ["supported_features": .integer(7), "percentage": .integer(67)]).last else {
            return XCTFail("no fan")
        }
        XCTAssertTrue(fan.supportsSpeed && fan.supportsOscillation && fan.supportsDirection)
        guard case .cover(let cover) = traits("cover.kitchen_window", "closed", ["supported_features": .integer(11), "current_position": .integer(0)]).first else {
            return XCTFail("no cover")
        }
        XCTAssertTrue(cover.canOpen && cover.canClose && cover.canStop)
        XCTAssertFalse(cover.canSetPosition || cover.canSetTilt)
        XCTAssertEqual(traits("lock.poorly_installed_door", "jammed", ["supported_features": .integer(0)]),
                       [.lock(LockTrait(state: "jammed", canOpen: false))])
        guard case .mediaPlayback(let media) = traits("media_player.lounge_room", "playing", [
            "supported_features": .integer(121265), "volume_level": .double(0.33), "source_list": .array([.string("dvd"), .string("youtube")]),
        ]).first else { return XCTFail("no media") }
        XCTAssertEqual(media.volumePercent, 33)
        XCTAssertTrue(media.canSelectSource)
        XCTAssertEqual(media.sources, ["dvd", "youtube"])
    }

    func testSensorsBinarySensorsAndUnknownDomains() {
        XCTAssertEqual(traits("sensor.power", "12.5", ["unit_of_measurement": .string("W"), "device_class": .string("power")]),
                       [.sensor(SensorReadingTrait(state: "12.5", unit: "W", deviceClass: "power", stateClass: nil))])
        XCTAssertEqual(traits("binary_sensor.door", "unavailable", ["device_class": .string("door")]),
                       [.binary(BinaryStateTrait(isOn: nil, deviceClass: "door"))])
        XCTAssertEqual(traits("weather.home", "sunny", ["temperature": .integer(3)]), [], "the state and attributes stay on the entity")
    }
}
