/// A typed command for one trait of a device, checked against the device before it is sent.
public enum DeviceCommand: Sendable, Equatable {
    case turnOn, turnOff, toggle
    /// 0-100 %.
    case setBrightness(percent: Int)
    /// Hue 0-360°, saturation 0-100 %.
    case setHueSaturation(hue: Double, saturation: Double)
    /// Within the light's minimum and maximum kelvin.
    case setColorTemperature(kelvin: Int)
    case setThermostatMode(String)
    case setTargetTemperature(Double)
    case setTargetRange(low: Double, high: Double)
    /// 0-100 %.
    case setFanSpeed(percent: Int)
    case setOscillation(Bool)
    /// `forward` or `reverse`.
    case setFanDirection(String)
    case openCover, closeCover, stopCover
    /// 0-100 %.
    case setCoverPosition(Int)
    /// 0-100 %.
    case setCoverTilt(Int)
    case lock, unlock, openLock
    case play, pause
    /// 0-100 %.
    case setVolume(percent: Int)
    case selectSource(String)
    case activate

    /// The trait the command belongs to and its name there: `brightness.set`.
    public var name: String {
        switch self {
        case .turnOn: "on_off.on"
        case .turnOff: "on_off.off"
        case .toggle: "on_off.toggle"
        case .setBrightness: "brightness.set"
        case .setHueSaturation: "color.set_hs"
        case .setColorTemperature: "color.set_temperature"
        case .setThermostatMode: "thermostat.set_mode"
        case .setTargetTemperature: "thermostat.set_target"
        case .setTargetRange: "thermostat.set_range"
        case .setFanSpeed: "fan.set_speed"
        case .setOscillation: "fan.oscillate"
        case .setFanDirection: "fan.set_direction"
        case .openCover: "cover.open"
        case .closeCover: "cover.close"
        case .stopCover: "cover.stop"
        case .setCoverPosition: "cover.set_position"
        case .setCoverTilt: "cover.set_tilt"
        case .lock: "lock.lock"
        case .unlock: "lock.unlock"
        case .openLock: "lock.open"
        case .play: "media.play"
        case .pause: "media.pause"
        case .setVolume: "media.set_volume"
        case .selectSource: "media.select_source"
        case .activate: "activatable.activate"
        }
    }

    public var trait: TraitKind {
        TraitKind(rawValue: String(name.prefix { $0 != "." })) ?? .onOff
    }
}
