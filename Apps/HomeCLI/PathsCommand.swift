import CLIKit
import Essentials
import FoundationEssentials

/// `home paths`: where configuration, data and caches live.
struct PathsCommand: Command {
    let name = "paths"
    let summary = "Show the configuration, data and cache folders and the default manifest path."
    let options: [OptionSpec] = [.json]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("no arguments", minimum: 0, maximum: 0)
        let layout = Current.directories()
        let entries = [
            ("configuration", layout.configuration.path), ("data", layout.data.path),
            ("cache", layout.cache.path), ("manifest", layout.defaultManifest.path),
        ]
        if invocation.arguments.has("json") {
            try invocation.console.printJSON(Dictionary(uniqueKeysWithValues: entries))
        } else {
            for (name, path) in entries {
                invocation.console.print("\(name.padded(to: 14))\(path)")
            }
        }
        return .success
    }
}
