import Essentials

/// What one entity of a device can do and what it reads now, typed by kind. Attributes a trait
/// does not model stay readable on the entity's state (``DeviceEntity/state``): nothing is dropped.
public enum Trait: Sendable, Equatable {
    case onOff(OnOffTrait)
    case brightness(BrightnessTrait)
    case color(ColorTrait)
    case thermostat(ThermostatTrait)
    case fan(FanTrait)
    case cover(CoverTrait)
    case lock(LockTrait)
    case mediaPlayback(MediaPlaybackTrait)
    case sensor(SensorReadingTrait)
    case binary(BinaryStateTrait)
    case activatable(ActivatableTrait)

    public var kind: TraitKind {
        switch self {
        case .onOff: .onOff
        case .brightness: .brightness
        case .color: .color
        case .thermostat: .thermostat
        case .fan: .fan
        case .cover: .cover
        case .lock: .lock
        case .mediaPlayback: .mediaPlayback
        case .sensor: .sensor
        case .binary: .binary
        case .activatable: .activatable
        }
    }

    /// The trait's values as JSON (for `--json` and tables).
    public var values: [String: JSONValue] {
        switch self {
        case .onOff(let trait): trait.values
        case .brightness(let trait): trait.values
        case .color(let trait): trait.values
        case .thermostat(let trait): trait.values
        case .fan(let trait): trait.values
        case .cover(let trait): trait.values
        case .lock(let trait): trait.values
        case .mediaPlayback(let trait): trait.values
        case .sensor(let trait): trait.values
        case .binary(let trait): trait.values
        case .activatable(let trait): trait.values
        }
    }
}
