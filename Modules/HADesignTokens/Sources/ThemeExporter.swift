import FoundationEssentials

/// Writes ``DesignTokens`` in one of the ``ThemeFormat``s.
public struct ThemeExporter: Sendable {
    /// The tokens to export.
    public let tokens: DesignTokens

    /// Creates an exporter.
    public init(tokens: DesignTokens) {
        self.tokens = tokens
    }

    /// The tokens as text in `format`; `color` turns terminal escapes on.
    public func export(_ format: ThemeFormat, themeName: String = "HomeCompanion", color: Bool = false) -> String {
        switch format {
        case .homeAssistantYAML: yaml(themeName)
        case .css: css()
        case .json: json()
        case .terminal: terminal(color: color)
        }
    }

    private func yaml(_ themeName: String) -> String {
        var lines = ["\(quotedYAML(themeName)):", "  modes:"]
        for scheme in ColorScheme.allCases {
            lines.append("    \(scheme.rawValue):")
            lines += tokens.colors.map { "      \($0.name): \"\(value($0, scheme))\"" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func css() -> String {
        var lines = [":root {"]
        lines += tokens.colors.map { "  --\($0.name): \($0.light.hex);" }
        lines += tokens.spacing.map { "  --\($0.name): \($0.points)px;" }
        lines += ["}", "@media (prefers-color-scheme: dark) {", "  :root {"]
        lines += tokens.colors.map { "    --\($0.name): \($0.dark.hex);" }
        lines += ["  }", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    private func json() -> String {
        func colors(_ scheme: ColorScheme) -> String {
            tokens.colors.map { "    \"\($0.name)\": \"\(value($0, scheme))\"" }.joined(separator: ",\n")
        }
        let spacing = tokens.spacing.map { "    \"\($0.name)\": \($0.points)" }.joined(separator: ",\n")
        return "{\n  \"light\": {\n\(colors(.light))\n  },\n  \"dark\": {\n\(colors(.dark))\n  },\n  \"spacing\": {\n\(spacing)\n  }\n}\n"
    }

    private func terminal(color: Bool) -> String {
        let width = tokens.colors.map(\.name.count).max() ?? 0
        return tokens.colors.map { token in
            let name = token.name + String(repeating: " ", count: max(0, width - token.name.count))
            return "\(name)  \(swatch(token.light, color)) \(token.light.hex)  \(swatch(token.dark, color)) \(token.dark.hex)"
        }.joined(separator: "\n") + "\n"
    }

    private func swatch(_ rgb: RGBColor, _ color: Bool) -> String {
        color ? "\u{1B}[48;2;\(rgb.red);\(rgb.green);\(rgb.blue)m    \u{1B}[0m" : "[  ]"
    }

    private func value(_ token: ColorToken, _ scheme: ColorScheme) -> String {
        (scheme == .light ? token.light : token.dark).hex
    }

    private func quotedYAML(_ text: String) -> String {
        "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }
}
