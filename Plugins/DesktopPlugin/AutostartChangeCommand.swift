import CLIKit
import Desktop
import Essentials

/// `home autostart enable|disable [--agent] [--tray]`: both when neither is named.
struct AutostartChangeCommand: Command {
    let enable: Bool
    var name: String { enable ? "enable" : "disable" }
    var summary: String { enable ? "Start the agent and/or the tray with the desktop session." : "Stop starting the agent and/or the tray with the session." }
    let options: [OptionSpec] = [
        .flag("agent", help: "The agent (home agent)."), .flag("tray", help: "The tray (home tray)."), .json,
    ]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("", minimum: 0, maximum: 0)
        let named = AutostartItem.allCases.filter { invocation.arguments.has($0.rawValue) }
        let items = named.isEmpty ? AutostartItem.allCases : named
        let entries = AutostartEntries(configFolder: Current.directories().configuration.deletingLastPathComponent())
        for item in items {
            if enable {
                guard let home = HomeExecutable.path() else { throw AutostartFailure(description: "cannot find the home executable for the entry to start") }
                try entries.enable(item, executable: home)
            } else {
                try entries.disable(item)
            }
        }
        let said = items.map { "\($0.rawValue): \(enable ? "starts with the session" : "off")" }
        try invocation.report(said + ["(\(entries.folder.path))"], json: Dictionary(uniqueKeysWithValues: items.map { ($0.rawValue, JSONValue.bool(enable)) }))
        return .success
    }
}
