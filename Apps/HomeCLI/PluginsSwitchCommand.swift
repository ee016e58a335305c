import CLIKit
import Essentials
import PluginHost

/// `home plugins enable|disable ID`: turns a plugin on or off in the manifest (the `--manifest`
/// file, else `manifest.json` in the configuration folder), after checking that the result loads.
struct PluginsSwitchCommand: Command {
    let enable: Bool
    let source: ManifestSource
    var name: String { enable ? "enable" : "disable" }
    var summary: String {
        enable ? "Turn a plugin on in the manifest (it starts the next time home runs)." : "Turn a plugin off in the manifest, and with it what only it makes possible."
    }
    let arguments = "ID"
    let options: [OptionSpec] = [.json]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let id = try invocation.positionals("a plugin ID", minimum: 1, maximum: 1)[0]
        let (alsoOn, alsoOff) = try ManifestPlugins(source: source, states: { [] }).change(id, on: enable)
        var lines = ["\(enable ? "enabled" : "disabled") \(id) in \(source.editable.path)"]
        if !alsoOn.isEmpty { lines.append("also on now: \(alsoOn.joined(separator: ", "))") }
        if !alsoOff.isEmpty { lines.append("also off now, as they need it: \(alsoOff.joined(separator: ", "))") }
        try invocation.report(
            lines,
            json: [
                enable ? "enabled" : "disabled": .string(id), "manifest": .string(source.editable.path),
                "also_enabled": .array(alsoOn.map(JSONValue.string)), "also_disabled": .array(alsoOff.map(JSONValue.string)),
            ]
        )
        return .success
    }
}
