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
        let known = Set(services.sensors.map(\.definition.uniqueID))
        if let unknown = ids.first(where: { !known.contains($0) }) {
            throw UsageError("no sensor '\(unknown)'; known: \(known.sorted().joined(separator: ", "))")
        }
        let home = try await services.session.restore(server: invocation.server)
        try SensorSettings.update(in: home.folders.data) { settings in
            if enable {
                settings.enabled.formUnion(ids)
                settings.disabledByServer.subtract(ids)
            } else {
                settings.enabled.subtract(ids)
            }
        }
        try invocation.report(
            ["\(enable ? "enabled" : "disabled") \(ids.joined(separator: ", ")) for \(home.server)"],
            json: [enable ? "enabled" : "disabled": .array(ids.map(JSONValue.string)), "server": .string("\(home.server)")]
        )
        return .success
    }
}
