import HADesignTokens
import PluginHost

/// The design-tokens plugin's configuration: optional brand colours as `#rrggbb`.
struct DesignTokensConfiguration: Decodable, Sendable {
    let primaryColor: RGBColor?
    let accentColor: RGBColor?

    private enum CodingKeys: String, CodingKey {
        case primaryColor, accentColor
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        primaryColor = try Self.color(container, .primaryColor)
        accentColor = try Self.color(container, .accentColor)
    }

    private static func color(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> RGBColor? {
        guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let color = RGBColor(hex: text) else {
            throw ConfigurationError(key: key.stringValue, reason: "'\(text)' is not a colour; use #rrggbb or #rgb")
        }
        return color
    }
}
