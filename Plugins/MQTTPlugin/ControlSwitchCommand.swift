import Agent
import CLIKit
import Essentials
import SessionContract
import SessionCommandKit

/// `home controls enable|disable ID…`: offers controls to the server, or stops offering them.
struct ControlSwitchCommand: Command {
    let enable: Bool
    let session: any SessionAccess
    let controls: @Sendable () -> [any Control]
    var name: String { enable ? "enable" : "disable" }
    var summary: String {
        enable ? "Offer controls to Home Assistant (the agent announces them when it next starts)." : "Stop offering controls."
    }
    let arguments = "ID …"
    let options: [OptionSpec] = [.server, .json]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let ids = try invocation.positionals("a control ID", minimum: 1, maximum: .max)
        let known = Set(controls().map(\.definition.id))
        let unknown = ids.filter { !known.contains($0) }
        guard unknown.isEmpty else {
            throw UsageError("no control \(unknown.joined(separator: ", ")); known: \(known.sorted().joined(separator: ", "))")
        }
        let home = try await session.restore(server: invocation.server)
        try await ControlSettings.update(in: home.folders.data) { settings in
            if enable { settings.enabled.formUnion(ids) } else { settings.enabled.subtract(ids) }
        }
        try invocation.report(
            ["\(enable ? "enabled" : "disabled") \(ids.joined(separator: ", ")) for \(home.server); restart 'home agent' to offer the change"],
            json: [enable ? "enabled" : "disabled": .array(ids.map(JSONValue.string)), "server": .string("\(home.server)")]
        )
        return .success
    }
}
