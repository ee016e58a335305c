import CLIKit
import Essentials
import FoundationEssentials
import PluginHost

/// `home plugins`: starts the manifest's plugins and lists each with its state, then how they are wired.
struct PluginsCommand: Command {
    let name = "plugins"
    let summary = "List the manifest's plugins and their state (starts and stops them to find out)."
    let options: [OptionSpec] = [.json]
    let source: ManifestSource
    var subcommands: [any Command] { [
            PluginsCheckCommand(source: source), PluginsCallCommand(source: source),
            PluginsSwitchCommand(enable: true, source: source), PluginsSwitchCommand(enable: false, source: source),
        ] }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("no arguments", minimum: 0, maximum: 0)
        let plan: LoadPlan
        do {
            plan = try source.plan()
        } catch {
            try DiagnosticPrinter(console: invocation.console).print(error.diagnostics, manifest: source.name, json: invocation.arguments.has("json"))
            return .failure
        }
        let host = PluginHost(plan: plan, logger: Current.logger("plugin-host"))
        let report = await host.start()
        await host.stop()
        let console = invocation.console
        if invocation.arguments.has("json") {
            try console.printJSON(PluginListJSON(manifest: source.name, report: report, plan: plan))
        } else {
            console.print("manifest: \(source.name)")
            console.print(PluginTable(report: report, console: console).text)
            console.print("startup: \(report.outcome)")
            console.print("")
            console.print(PluginWiring(plan: plan).text)
        }
        if case .aborted = report.outcome { return .failure }
        return .success
    }
}
