import CLIKit
import HADesignTokens
import HomePluginKit

/// `home theme`: exports the design tokens the design-tokens plugin holds.
struct ThemeCommand: PluginCommand {
    static let commandName = "theme"
    static let commandSummary = "Export the design tokens as a Home Assistant theme (YAML), CSS, JSON or a terminal swatch; 'check' their contrast."
    let exporter: ThemeExporter
    var subcommands: [any Command] { [ThemeCheckCommand(tokens: exporter.tokens)] }
    let options: [OptionSpec] = [.value("format", "FORMAT", help: "yaml (default), css, json or terminal.")]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("no arguments", minimum: 0, maximum: 0)
        let formatName = invocation.arguments.values["format"] ?? ThemeFormat.homeAssistantYAML.rawValue
        guard let format = ThemeFormat(rawValue: formatName) else {
            throw UsageError("unknown format '\(formatName)'; valid formats: \(ThemeFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let output = exporter.export(format, color: invocation.console.colorEnabled)
        invocation.console.print(String(output.dropLast()))
        return .success
    }
}
