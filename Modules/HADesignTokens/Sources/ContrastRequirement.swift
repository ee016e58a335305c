/// How much contrast WCAG 2.x level AA asks of a pair of colours.
public enum ContrastRequirement: String, Sendable, CaseIterable {
    /// Body text: 4.5:1.
    case text
    /// Large text, icons and the parts of controls a person must see: 3:1.
    case largeTextAndUI = "large-text-and-ui"

    /// The lowest ratio that passes.
    public var minimum: Double {
        switch self {
        case .text: 4.5
        case .largeTextAndUI: 3
        }
    }
}
