import Agent
import CLIKit
import Essentials
import HomePluginKit
import SessionContract
import SessionCommandKit

/// `home sensors enable ID…` and `home sensors disable ID…`, for the server signed in to.
struct SensorSwitchCommand: Command {
    let enable: Bool
    let services: AgentServices
    var name: String { enable ? "enable" : "disable" }
    var summary: String { enable ? "Start reporting these sensors to the server." : "Stop reporting these sensors." }
    let arguments = "ID…"
    let options: [OptionSpec] = [.server, .json]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let ids = try invocation.positionals("one or more sensor IDs (see 'home sensors')", minimum: 1, maximum: .max)
        let server = try await StoredSensorReporting(services: services).setReporting(ids, on: enable, server: invocation.server)
        try invocation.report(
            ["\(enable ? "enabled" : "disabled") \(ids.joined(separator: ", ")) for \(server)"],
            json: [enable ? "enabled" : "disabled": .array(ids.map(JSONValue.string)), "server": .string(server)]
        )
        return .success
    }
}
