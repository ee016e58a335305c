import HADesignTokens

/// Writes the design tokens as a theme: the value of ``DesignCapabilities/themeExporter``.
public protocol ThemeExporting: Sendable {
    /// The tokens as `format`, the theme named `themeName`; `color` styles terminal output.
    func export(_ format: ThemeFormat, themeName: String, color: Bool) -> String
}

extension ThemeExporter: ThemeExporting {}
