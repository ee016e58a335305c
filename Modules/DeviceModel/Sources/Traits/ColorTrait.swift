import Essentials

/// A light's colour: hue and saturation, and colour temperature in kelvin within its range.
public struct ColorTrait: Sendable, Equatable {
    /// `supported_color_modes` as Home Assistant gives them.
    public let modes: [String]
    /// The mode the light is in now (`hs`, `color_temp`, …), nil while off.
    public let mode: String?
    public let hue: Double?
    public let saturation: Double?
    public let kelvin: Int?
    public let minimumKelvin: Int?
    public let maximumKelvin: Int?

    /// Whether it takes a hue and saturation (Home Assistant converts for xy and rgb lights).
    public var supportsHueSaturation: Bool { !Set(modes).isDisjoint(with: ["hs", "xy", "rgb", "rgbw", "rgbww"]) }
    /// Whether it takes a colour temperature.
    public var supportsTemperature: Bool { modes.contains("color_temp") }

    var values: [String: JSONValue] {
        [
            "modes": .from(modes), "mode": .from(mode), "hue": .from(hue), "saturation": .from(saturation),
            "kelvin": .from(kelvin), "min_kelvin": .from(minimumKelvin), "max_kelvin": .from(maximumKelvin),
        ]
    }
}
