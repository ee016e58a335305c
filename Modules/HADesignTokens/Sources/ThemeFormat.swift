/// The formats design tokens can be exported to.
public enum ThemeFormat: String, Sendable, CaseIterable {
    /// A Home Assistant `themes:` YAML block with light and dark modes.
    case homeAssistantYAML = "yaml"
    /// CSS custom properties, dark values under `prefers-color-scheme: dark`.
    case css
    /// A JSON object `{ "light": {…}, "dark": {…}, "spacing": {…} }`.
    case json
    /// A terminal swatch of every colour, with 24-bit colour escapes unless colour is off.
    case terminal
}
