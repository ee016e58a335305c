import CLIKit
import Essentials
import SessionCommandKit

/// `home controls enable|disable ID…`: offers controls to the server, or stops offering them.
struct ControlSwitchCommand: Command {
    let enable: Bool
    let choices: ControlChoices
    var name: String { enable ? "enable" : "disable" }
    var summary: String {
        enable ? "Offer controls to Home Assistant (the agent announces them when it next starts)." : "Stop offering controls."
    }
    let arguments = "ID …"
    let options: [OptionSpec] = [.server, .json]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let ids = try invocation.positionals("a control ID", minimum: 1, maximum: .max)
        let server = try await choices.set(ids, on: enable, server: invocation.server)
        try invocation.report(
            ["\(enable ? "enabled" : "disabled") \(ids.joined(separator: ", ")) for \(server); restart 'home agent' to offer the change"],
            json: [enable ? "enabled" : "disabled": .array(ids.map(JSONValue.string)), "server": .string(server)]
        )
        return .success
    }
}
