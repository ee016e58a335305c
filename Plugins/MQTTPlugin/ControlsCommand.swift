import Agent
import CLIKit
import Essentials
import HomePluginKit
import SessionContract
import SessionCommandKit

/// `home controls [--json]`: the controls this machine can offer Home Assistant, whether each is
/// enabled for the server, and the last command it got; `enable ID…` and `disable ID…` choose
/// (the running agent offers the change when it next starts).
struct ControlsCommand: PluginCommand {
    static let commandName = "controls"
    static let commandSummary = "List what Home Assistant can drive on this machine over MQTT; 'enable'/'disable' ID to choose."
    let session: any SessionAccess
    let controls: @Sendable () -> [any Control]
    let options: [OptionSpec] = [.json, .server]
    var subcommands: [any Command] {
        let choices = ControlChoices(session: session, controls: controls)
        return [ControlSwitchCommand(enable: true, choices: choices), ControlSwitchCommand(enable: false, choices: choices)]
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("", minimum: 0, maximum: 0)
        let home = try await session.restore(server: invocation.server)
        let settings = try ControlSettings.load(from: home.folders.data)
        let listed = controls().map(\.definition).sorted { $0.id < $1.id }
        let console = invocation.console
        if invocation.arguments.has("json") {
            let rows: [JSONValue] = listed.map { definition in
                var row: [String: JSONValue] = [
                    "id": .string(definition.id), "name": .string(definition.name), "kind": .string(definition.kind.component),
                    "enabled": .bool(settings.enabled.contains(definition.id)),
                ]
                if let last = settings.lastCommands[definition.id] {
                    row["last_command"] = .object([
                        "at": .string(HATimestamp.string(from: last.at)), "command": .string(last.command), "error": last.error.map(JSONValue.string) ?? .null,
                    ])
                }
                return .object(row)
            }
            console.print(try JSONSerializer.string(.array(rows), pretty: true))
            return .success
        }
        if listed.isEmpty { console.print("no control plugin is enabled (such as system-controls)") }
        for definition in listed {
            let state = settings.enabled.contains(definition.id) ? "enabled " : "disabled"
            var line = "\(definition.id)  \(definition.kind.component)  \(state)  \(definition.name)"
            if let last = settings.lastCommands[definition.id] {
                line += "  \(last.summary)"
            }
            console.print(line)
        }
        return .success
    }
}
