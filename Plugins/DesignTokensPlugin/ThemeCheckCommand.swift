import CLIKit
import Essentials
import HADesignTokens

/// `home theme check [--json]`: the contrast ratio of every pair of colours the frontend draws one
/// on the other, in the light and the dark scheme, against WCAG AA; exit 1 when one misses it.
struct ThemeCheckCommand: Command {
    let name = "check"
    let summary = "Print each colour pair's contrast ratio in both schemes; exit 1 when one is below WCAG AA."
    let tokens: DesignTokens
    let options: [OptionSpec] = [.json]

    var details: String {
        "Text needs 4.5:1 and large text, icons and controls 3:1 (WCAG 2.x, level AA). The primary and accent colours a manifest sets are checked too."
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("no arguments", minimum: 0, maximum: 0)
        let findings = tokens.contrastFindings()
        let missing = findings.filter { !$0.passes }
        let console = invocation.console
        if invocation.arguments.has("json") {
            console.print(try JSONSerializer.string(.array(findings.map(Self.json)), pretty: true))
        } else {
            let foregroundWidth = findings.map(\.pair.foreground.count).max() ?? 0
            let backgroundWidth = findings.map(\.pair.background.count).max() ?? 0
            for finding in findings {
                let pair = finding.pair
                console.print([
                    finding.scheme.rawValue.padded(to: 5),
                    pair.foreground.padded(to: foregroundWidth), finding.foreground.hex, "on",
                    pair.background.padded(to: backgroundWidth), finding.background.hex,
                    String(repeating: " ", count: max(0, 8 - Self.ratio(finding.ratio).count)) + Self.ratio(finding.ratio), "needs \(Self.ratio(pair.requirement.minimum)) (\(pair.requirement.rawValue))",
                    finding.passes ? "pass" : "FAIL",
                ].joined(separator: "  "))
            }
            console.print(missing.isEmpty ? "all \(findings.count) pairs pass WCAG AA" : "\(missing.count) of \(findings.count) pairs are below WCAG AA")
        }
        return missing.isEmpty ? .success : .failure
    }

    /// `4.80:1`: the ratio rounded down to two decimals, so a printed pass is a pass.
    private static func ratio(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded(.down))
        let decimals = hundredths % 100
        return "\(hundredths / 100).\(decimals < 10 ? "0" : "")\(decimals):1"
    }

    private static func json(_ finding: ContrastFinding) -> JSONValue {
        .object([
            "scheme": .string(finding.scheme.rawValue), "foreground": .string(finding.pair.foreground), "foreground_color": .string(finding.foreground.hex),
            "background": .string(finding.pair.background), "background_color": .string(finding.background.hex),
            "ratio": .double((finding.ratio * 100).rounded(.down) / 100), "requirement": .string(finding.pair.requirement.rawValue),
            "minimum": .double(finding.pair.requirement.minimum), "passes": .bool(finding.passes),
        ])
    }
}
