import Essentials

/// A climate entity: its mode among those it has, the target (or target range) and current
/// temperature, the range it accepts, and the unit (the server's temperature unit).
public struct ThermostatTrait: Sendable, Equatable {
    public let mode: String
    public let modes: [String]
    public let target: Double?
    public let targetLow: Double?
    public let targetHigh: Double?
    public let current: Double?
    public let minimum: Double?
    public let maximum: Double?
    public let step: Double?
    public let unit: String
    public let supportsTarget: Bool
    public let supportsRange: Bool

    var values: [String: JSONValue] {
        [
            "mode": .string(mode), "modes": .from(modes), "target": .from(target), "target_low": .from(targetLow),
            "target_high": .from(targetHigh), "current": .from(current), "min": .from(minimum), "max": .from(maximum),
            "step": .from(step), "unit": .string(unit),
        ]
    }
}
