import Essentials
import HAModels

/// Reads an entity's traits from its domain, device class, `supported_features` and
/// `supported_color_modes`, as Home Assistant 2024.3 defines them.
enum TraitMapper {
    // supported_features bits, per domain.
    static let climateTargetTemperature = 1, climateTargetRange = 2
    static let fanSetSpeed = 1, fanOscillate = 2, fanDirection = 4
    static let coverOpen = 1, coverClose = 2, coverSetPosition = 4, coverStop = 8, coverSetTilt = 128
    static let lockOpen = 1
    static let mediaPause = 1, mediaVolumeSet = 4, mediaSelectSource = 2048, mediaPlay = 16384
    /// Domains whose on/off is `turn_on`/`turn_off`.
    static let switchable: Set<Substring> = ["light", "switch", "input_boolean", "fan", "siren", "humidifier", "automation"]

    static func traits(of state: EntityState, temperatureUnit: String) -> [Trait] {
        let attributes = state.attributes
        let features = Int(attributes["supported_features"]?.numberValue ?? 0)
        let has = { (bit: Int) in features & bit != 0 }
        let isOn: Bool? = state.state == "on" ? true : state.state == "off" ? false : nil
        let domain = DeviceEntity.domain(of: state.entityID)
        var traits: [Trait] = []
        if switchable.contains(domain) { traits.append(.onOff(OnOffTrait(isOn: isOn))) }
        switch domain {
        case "light":
            let modes = attributes["supported_color_modes"]?.strings ?? []
            if modes.contains(where: { $0 != "onoff" }) {
                traits.append(.brightness(BrightnessTrait(percent: attributes["brightness"]?.numberValue.map(BrightnessTrait.percent(fromLevel:)))))
            }
            let color = ColorTrait(
                modes: modes, mode: attributes["color_mode"]?.stringValue,
                hue: attributes["hs_color"]?.arrayValue?.first?.numberValue, saturation: attributes["hs_color"]?.arrayValue?.dropFirst().first?.numberValue,
                kelvin: attributes["color_temp_kelvin"]?.numberValue.map { Int($0) },
                minimumKelvin: attributes["min_color_temp_kelvin"]?.numberValue.map { Int($0) },
                maximumKelvin: attributes["max_color_temp_kelvin"]?.numberValue.map { Int($0) }
            )
            if color.supportsHueSaturation || color.supportsTemperature { traits.append(.color(color)) }
        case "climate":
            traits.append(.thermostat(ThermostatTrait(
                mode: state.state, modes: attributes["hvac_modes"]?.strings ?? [],
                target: attributes["temperature"]?.numberValue, targetLow: attributes["target_temp_low"]?.numberValue,
                targetHigh: attributes["target_temp_high"]?.numberValue, current: attributes["current_temperature"]?.numberValue,
                minimum: attributes["min_temp"]?.numberValue, maximum: attributes["max_temp"]?.numberValue,
                step: attributes["target_temp_step"]?.numberValue, unit: temperatureUnit,
                supportsTarget: has(climateTargetTemperature), supportsRange: has(climateTargetRange)
            )))
        case "fan":
            traits.append(.fan(FanTrait(
                percentage: attributes["percentage"]?.numberValue.map { Int($0.rounded()) }, step: attributes["percentage_step"]?.numberValue,
                oscillating: attributes["oscillating"]?.bool, direction: attributes["direction"]?.stringValue,
                supportsSpeed: has(fanSetSpeed), supportsOscillation: has(fanOscillate), supportsDirection: has(fanDirection)
            )))
        case "cover":
            traits.append(.cover(CoverTrait(
                state: state.state, position: attributes["current_position"]?.numberValue.map { Int($0) },
                tilt: attributes["current_tilt_position"]?.numberValue.map { Int($0) }, deviceClass: attributes["device_class"]?.stringValue,
                canOpen: has(coverOpen), canClose: has(coverClose), canStop: has(coverStop),
                canSetPosition: has(coverSetPosition), canSetTilt: has(coverSetTilt)
            )))
        case "lock":
            traits.append(.lock(LockTrait(state: state.state, canOpen: has(lockOpen))))
        case "media_player":
            traits.append(.mediaPlayback(MediaPlaybackTrait(
                state: state.state, volumePercent: attributes["volume_level"]?.numberValue.map { Int(($0 * 100).rounded()) },
                muted: attributes["is_volume_muted"]?.bool, source: attributes["source"]?.stringValue,
                sources: attributes["source_list"]?.strings ?? [], title: attributes["media_title"]?.stringValue,
                canPlay: has(mediaPlay), canPause: has(mediaPause), canSetVolume: has(mediaVolumeSet), canSelectSource: has(mediaSelectSource)
            )))
        case "sensor":
            traits.append(.sensor(SensorReadingTrait(
                state: state.state, unit: attributes["unit_of_measurement"]?.stringValue,
                deviceClass: attributes["device_class"]?.stringValue, stateClass: attributes["state_class"]?.stringValue
            )))
        case "binary_sensor":
            traits.append(.binary(BinaryStateTrait(isOn: isOn, deviceClass: attributes["device_class"]?.stringValue)))
        case "scene", "script":
            traits.append(.activatable(ActivatableTrait(domain: String(domain), state: state.state)))
        default:
            break
        }
        return traits
    }
}
