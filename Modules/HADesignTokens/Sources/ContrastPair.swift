/// A colour token drawn on another, and the contrast WCAG AA asks of it.
public struct ContrastPair: Sendable, Equatable {
    /// The token drawn in front: text, an icon, a control.
    public let foreground: String
    /// The token it is drawn on.
    public let background: String
    /// What it is, so which ratio it needs.
    public let requirement: ContrastRequirement

    /// Creates a pair.
    public init(_ foreground: String, on background: String, _ requirement: ContrastRequirement) {
        self.foreground = foreground
        self.background = background
        self.requirement = requirement
    }
}
