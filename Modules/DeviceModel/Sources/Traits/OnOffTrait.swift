import Essentials

/// Switches on and off: lights, switches, fans, input booleans, sirens, humidifiers.
public struct OnOffTrait: Sendable, Equatable {
    /// Nil while the entity is unavailable or unknown.
    public let isOn: Bool?

    var values: [String: JSONValue] { ["on": .from(isOn)] }
}
