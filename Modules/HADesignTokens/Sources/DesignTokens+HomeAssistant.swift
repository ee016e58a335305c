extension DesignTokens {
    /// Home Assistant's own palette: the frontend's default theme colours, with the ones that miss
    /// WCAG AA on their backgrounds made darker (light) or lighter (dark) until they pass
    /// (``contrastPairs``): Home Assistant's light blue primary is 2.63:1 on white, so the light
    /// scheme's primary is its darker blue #0277bd; its orange accent, warning and yellow "on"
    /// state, its red error and its info blue are deepened; in the dark scheme the label on the
    /// primary colour is near black, and the error red lighter.
    public static let homeAssistant = DesignTokens(
        colors: [
            token("primary-color", "#0277bd", "#03a9f4"),
            token("text-primary-color", "#ffffff", "#111111"),
            token("accent-color", "#b36b00", "#ff9800"),
            token("primary-background-color", "#fafafa", "#111111"),
            token("secondary-background-color", "#e5e5e5", "#202020"),
            token("card-background-color", "#ffffff", "#1c1c1c"),
            token("primary-text-color", "#212121", "#e1e1e1"),
            token("secondary-text-color", "#727272", "#9b9b9b"),
            token("divider-color", "#e0e0e0", "#2f2f2f"),
            token("error-color", "#c62828", "#ef5350"),
            token("warning-color", "#b36b00", "#ffa600"),
            token("success-color", "#43a047", "#43a047"),
            token("info-color", "#0288d1", "#039be5"),
            token("state-on-color", "#9e7700", "#fdd835"),
        ],
        spacing: [("spacing-xs", 4), ("spacing-s", 8), ("spacing-m", 16), ("spacing-l", 24), ("spacing-xl", 32)]
    )

    private static func token(_ name: String, _ light: String, _ dark: String) -> ColorToken {
        // The literals above are checked by the design token tests; a bad one is a programmer error.
        guard let light = RGBColor(hex: light), let dark = RGBColor(hex: dark) else {
            preconditionFailure("invalid colour literal for \(name)")
        }
        return ColorToken(name: name, light: light, dark: dark)
    }
}
