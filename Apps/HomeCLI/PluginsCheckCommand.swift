import CLIKit
import FoundationEssentials
import PluginHost

/// `home plugins check FILE`: validates a manifest (with the defaults for the plugins it does not
/// name) without starting anything and prints every diagnostic. Out-of-tree libraries are not
/// loaded (that runs their code) unless `--load` says so.
struct PluginsCheckCommand: Command {
    let name = "check"
    let summary = "Validate a manifest and print every problem in it; exit 1 when there is any."
    let arguments = "FILE"
    let options: [OptionSpec] = [.json, .flag("load", help: "Load the out-of-tree libraries it names to check the plugins inside (this runs their code).")]
    let source: ManifestSource

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let path = try invocation.positionals("a manifest FILE", minimum: 1, maximum: 1)[0]
        let json = invocation.arguments.has("json")
        let console = invocation.console
        let checked = Result { () throws(ManifestRejected) -> LoadPlan in
            try source.plan(file: URL(fileURLWithPath: path), loadingLibraries: invocation.arguments.has("load"))
        }
        guard case .success(let plan) = checked else {
            if case .failure(let rejected) = checked {
                try DiagnosticPrinter(console: console).print(rejected.diagnostics, manifest: path, json: json)
            }
            return .failure
        }
        let order = plan.startOrder.map(\.descriptor.id)
        if json {
            try console.printJSON(ManifestCheckJSON(manifest: path, valid: true, diagnostics: [], startOrder: order))
        } else {
            let disabled = plan.disabled.isEmpty ? "" : "; disabled: \(plan.disabled.map(\.id).joined(separator: ", "))"
            console.print("\(path): valid; start order: \(order.isEmpty ? "(none)" : order.joined(separator: " -> "))\(disabled)")
        }
        return .success
    }
}
