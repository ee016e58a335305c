import Essentials

/// A reading: a number (or text) with its unit and device class (temperature, humidity, power,
/// energy, battery, …).
public struct SensorReadingTrait: Sendable, Equatable {
    /// The state as Home Assistant gives it.
    public let state: String
    public let unit: String?
    public let deviceClass: String?
    public let stateClass: String?

    /// The reading as a number, when it is one.
    public var number: Double? { Double(state) }

    var values: [String: JSONValue] {
        ["value": number.map(JSONValue.double) ?? .string(state), "unit": .from(unit), "device_class": .from(deviceClass), "state_class": .from(stateClass)]
    }
}
