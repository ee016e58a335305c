import Essentials

/// A light's brightness in percent (Home Assistant keeps 0-255; 255 is 100 %).
public struct BrightnessTrait: Sendable, Equatable {
    /// Nil while the light is off.
    public let percent: Int?

    var values: [String: JSONValue] { ["percent": .from(percent)] }

    static func percent(fromLevel level: Double) -> Int { Int((level * 100 / 255).rounded()) }
}
