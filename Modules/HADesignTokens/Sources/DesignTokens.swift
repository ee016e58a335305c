/// The colours and spacing every HomeCompanion surface draws with.
public struct DesignTokens: Sendable, Equatable {
    /// Colour tokens, in the order exporters write them.
    public let colors: [ColorToken]
    /// Spacing steps in points, by name (`spacing-s` …), in the order exporters write them.
    public let spacing: [(name: String, points: Int)]

    /// Creates a token set.
    public init(colors: [ColorToken], spacing: [(name: String, points: Int)]) {
        self.colors = colors
        self.spacing = spacing
    }

    /// The colour `name` in `scheme`, if there is such a token.
    public func color(_ name: String, in scheme: ColorScheme) -> RGBColor? {
        colors.first { $0.name == name }.map { scheme == .light ? $0.light : $0.dark }
    }

    /// The same tokens with the primary and accent colours replaced, in both schemes.
    public func branded(primary: RGBColor?, accent: RGBColor?) -> DesignTokens {
        let replaced = colors.map { token -> ColorToken in
            switch token.name {
            case "primary-color": primary.map { ColorToken(name: token.name, light: $0, dark: $0) } ?? token
            case "accent-color": accent.map { ColorToken(name: token.name, light: $0, dark: $0) } ?? token
            default: token
            }
        }
        return DesignTokens(colors: replaced, spacing: spacing)
    }

    public static func == (lhs: DesignTokens, rhs: DesignTokens) -> Bool {
        lhs.colors == rhs.colors && lhs.spacing.elementsEqual(rhs.spacing) { $0.name == $1.name && $0.points == $1.points }
    }
}
