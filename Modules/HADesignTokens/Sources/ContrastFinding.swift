/// One pair of colours in one scheme, measured.
public struct ContrastFinding: Sendable, Equatable {
    /// The scheme the colours are of.
    public let scheme: ColorScheme
    /// The tokens and what they need.
    public let pair: ContrastPair
    /// The foreground colour in this scheme.
    public let foreground: RGBColor
    /// The background colour in this scheme.
    public let background: RGBColor

    /// Creates a finding.
    public init(scheme: ColorScheme, pair: ContrastPair, foreground: RGBColor, background: RGBColor) {
        self.scheme = scheme
        self.pair = pair
        self.foreground = foreground
        self.background = background
    }

    /// The WCAG contrast ratio of the two colours.
    public var ratio: Double { foreground.contrastRatio(with: background) }

    /// Whether the ratio, rounded down to two decimals as it is printed, reaches what the pair needs.
    public var passes: Bool { (ratio * 100).rounded(.down) / 100 >= pair.requirement.minimum }
}
