/// A named colour with a value for the light and the dark scheme.
public struct ColorToken: Sendable, Hashable {
    /// The token's name in kebab case, as Home Assistant themes spell it: `primary-color`.
    public let name: String
    /// The colour in the light scheme.
    public let light: RGBColor
    /// The colour in the dark scheme.
    public let dark: RGBColor

    /// Creates a token.
    public init(name: String, light: RGBColor, dark: RGBColor) {
        self.name = name
        self.light = light
        self.dark = dark
    }
}
