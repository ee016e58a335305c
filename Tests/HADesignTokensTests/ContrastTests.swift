@testable import HADesignTokens
import XCTest

/// WCAG 2.x contrast: the ratio's known values, the pairs measured in both schemes, and Home
/// Assistant's default tokens passing level AA once adjusted.
final class ContrastTests: XCTestCase {
    private func color(_ hex: String) throws -> RGBColor {
        try XCTUnwrap(RGBColor(hex: hex))
    }

    func testTheRatioHasItsKnownValues() throws {
        XCTAssertEqual(try color("#000000").contrastRatio(with: color("#ffffff")), 21, accuracy: 0.0001)
        XCTAssertEqual(try color("#777777").contrastRatio(with: color("#777777")), 1, accuracy: 0.0001)
        XCTAssertEqual(try color("#03a9f4").contrastRatio(with: color("#ffffff")), 2.63, accuracy: 0.005, "Home Assistant's primary colour on white")
        XCTAssertEqual(try color("#767676").contrastRatio(with: color("#ffffff")), 4.54, accuracy: 0.005, "the lightest grey that passes on white")
        XCTAssertEqual(try color("#ffffff").contrastRatio(with: color("#0277bd")), try color("#0277bd").contrastRatio(with: color("#ffffff")), "it does not matter which is in front")
    }

    func testAPassIsWhatIsPrintedRoundedDown() throws {
        let text = ContrastPair("a", on: "b", .text)
        // #777777 on white is 4.478…: printed 4.47, a failure, never "4.48" rounded up to pass nearer.
        XCTAssertFalse(ContrastFinding(scheme: .light, pair: text, foreground: try color("#777777"), background: try color("#ffffff")).passes)
        XCTAssertTrue(ContrastFinding(scheme: .light, pair: text, foreground: try color("#767676"), background: try color("#ffffff")).passes)
        let control = ContrastPair("a", on: "b", .largeTextAndUI)
        XCTAssertTrue(ContrastFinding(scheme: .dark, pair: control, foreground: try color("#949494"), background: try color("#1c1c1c")).passes)
    }

    func testTheDefaultTokensPassInBothSchemes() {
        let findings = DesignTokens.homeAssistant.contrastFindings()
        XCTAssertEqual(findings.count, DesignTokens.contrastPairs.count * 2, "every pair is measured in light and dark")
        for finding in findings {
            XCTAssertTrue(finding.passes, "\(finding.scheme) \(finding.pair.foreground) on \(finding.pair.background): \(finding.ratio)")
        }
    }

    func testHomeAssistantsOwnColoursWouldFail() throws {
        let original = DesignTokens.homeAssistant.branded(primary: try color("#03a9f4"), accent: try color("#ff9800"))
        let failing = original.contrastFindings().filter { !$0.passes }.map { "\($0.scheme) \($0.pair.foreground) on \($0.pair.background)" }
        XCTAssertEqual(failing, [
            "light primary-color on primary-background-color", "light accent-color on primary-background-color",
            "light primary-color on card-background-color", "light accent-color on card-background-color", "light text-primary-color on primary-color",
        ])
    }

    func testAPairWithATokenTheSetLacksIsLeftOut() throws {
        let tokens = DesignTokens(colors: [ColorToken(name: "primary-text-color", light: try color("#000000"), dark: try color("#ffffff"))], spacing: [])
        XCTAssertEqual(tokens.contrastFindings(), [])
    }
}
