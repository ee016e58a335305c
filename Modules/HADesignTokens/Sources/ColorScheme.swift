/// Light or dark.
public enum ColorScheme: String, Sendable, CaseIterable {
    case light
    case dark
}
