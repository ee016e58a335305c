import CLIKit
import DesignTokensPlugin
import HADesignTokens

/// `home theme`: exports the design tokens through the design-tokens plugin.
struct ThemeCommand: Command {
    let name = "theme"
    let summary = "Export the design tokens as a Home Assistant theme (YAML), CSS, JSON or a terminal swatch."
    let usage = "[--format yaml|css|json|terminal] [--manifest FILE]"
    let options: [OptionSpec] = [
        .value("format", "FORMAT", help: "yaml (default), css, json or terminal."),
        .manifest,
    ]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("no arguments", minimum: 0, maximum: 0)
        let formatName = invocation.arguments.values["format"] ?? ThemeFormat.homeAssistantYAML.rawValue
        guard let format = ThemeFormat(rawValue: formatName) else {
            throw UsageError("unknown format '\(formatName)'; valid formats: \(ThemeFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let running = try await RunningHost.start(manifestOption: invocation.arguments.values["manifest"])
        let exporter = Result { try running.host.registry.resolve(DesignTokensPlugin.themeExporter) }
        await running.host.stop()
        let output = try exporter.get().export(format, color: invocation.console.colorEnabled)
        invocation.console.print(String(output.dropLast()))
        return .success
    }
}
