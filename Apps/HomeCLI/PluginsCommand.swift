import CLIKit
import Foundation
import PluginHost

/// `home plugins`: starts the manifest's plugins and lists each with its state.
struct PluginsCommand: Command {
    let name = "plugins"
    let summary = "List the manifest's plugins and their state (starts and stops them to find out)."
    let usage = "[--json] [--manifest FILE]"
    let options: [OptionSpec] = [.json, .manifest]
    let subcommands: [any Command] = [PluginsCheckCommand(), PluginsCallCommand()]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("no arguments", minimum: 0, maximum: 0)
        let option = invocation.arguments.values["manifest"]
        let running: RunningHost
        do {
            running = try await RunningHost.start(manifestOption: option)
        } catch let rejected as ManifestRejected {
            try DiagnosticPrinter(console: invocation.console)
                .print(rejected.diagnostics, manifest: option ?? "manifest", json: invocation.arguments.has("json"))
            return .failure
        }
        await running.host.stop()
        let report = running.report
        let console = invocation.console
        if invocation.arguments.has("json") {
            try console.printJSON(PluginListJSON(manifest: running.source.name, report: report))
        } else {
            console.print("manifest: \(running.source.name)")
            console.print(PluginTable(report: report, console: console).text)
            console.print("startup: \(report.outcome)")
        }
        if case .aborted = report.outcome { return .failure }
        return .success
    }
}
