import HADesignTokens
import XCTest

final class ThemeExporterTests: XCTestCase {
    private let exporter = ThemeExporter(tokens: .homeAssistant)

    func testParsesAndPrintsHexColours() {
        XCTAssertEqual(RGBColor(hex: "#03A9F4"), RGBColor(red: 3, green: 169, blue: 244))
        XCTAssertEqual(RGBColor(hex: "#fa0")?.hex, "#ffaa00")
        for bad in ["03a9f4", "#03a9f", "#gggggg", "#", "#03a9f4ff", "blue"] {
            XCTAssertNil(RGBColor(hex: bad), bad)
        }
    }

    func testYAMLIsAHomeAssistantThemeWithModes() {
        let yaml = exporter.export(.homeAssistantYAML, themeName: "My \"Theme\"")
        XCTAssertTrue(yaml.hasPrefix("\"My \\\"Theme\\\"\":\n  modes:\n    light:\n      primary-color: \"#0277bd\"\n"), yaml)
        XCTAssertTrue(yaml.contains("    dark:\n      primary-color: \"#03a9f4\"\n      text-primary-color: \"#111111\"\n      accent-color: \"#ff9800\"\n      primary-background-color: \"#111111\""), yaml)
    }

    func testCSSHasLightDefaultsAndADarkMediaQuery() {
        let css = exporter.export(.css)
        XCTAssertTrue(css.contains("  --primary-background-color: #fafafa;"))
        XCTAssertTrue(css.contains("  --spacing-m: 16px;"))
        XCTAssertTrue(css.contains("@media (prefers-color-scheme: dark) {\n  :root {\n    --primary-color: #03a9f4;"))
    }

    func testJSONParsesBackToTheTokens() throws {
        let object = try JSONSerialization.jsonObject(with: Data(exporter.export(.json).utf8)) as? [String: [String: Any]]
        XCTAssertEqual(object?["dark"]?["card-background-color"] as? String, "#1c1c1c")
        XCTAssertEqual(object?["spacing"]?["spacing-xl"] as? Int, 32)
        XCTAssertEqual(object?["light"]?.count, DesignTokens.homeAssistant.colors.count)
    }

    func testTerminalSwatchesOnlyWithColour() {
        XCTAssertFalse(exporter.export(.terminal, color: false).contains("\u{1B}"))
        XCTAssertTrue(exporter.export(.terminal, color: true).contains("\u{1B}[48;2;3;169;244m"))
    }

    func testBrandingReplacesPrimaryAndAccentOnly() {
        let indigo = RGBColor(red: 63, green: 81, blue: 181)
        let tokens = DesignTokens.homeAssistant.branded(primary: indigo, accent: nil)
        XCTAssertEqual(tokens.color("primary-color", in: .dark), indigo)
        XCTAssertEqual(tokens.color("accent-color", in: .light), DesignTokens.homeAssistant.color("accent-color", in: .light))
        XCTAssertNotEqual(tokens, DesignTokens.homeAssistant)
        XCTAssertEqual(ThemeFormat.homeAssistantYAML.fileExtension, "yaml")
    }
}
