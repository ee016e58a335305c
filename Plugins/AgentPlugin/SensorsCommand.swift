import Agent
import CLIKit
import HomePluginKit
import SessionContract
import SessionCommandKit
import Essentials
import HomeAPI

/// `home sensors [--json]`: the sensors this machine can report to the server, and which are on.
struct SensorsCommand: PluginCommand {
    static let commandName = "sensors"
    static let commandSummary = "List the sensors this machine can report, with their values; none reports until enabled."
    let services: AgentServices
    let options: [OptionSpec] = [.json, .server]
    var subcommands: [any Command] { [SensorSwitchCommand(enable: true, services: services), SensorSwitchCommand(enable: false, services: services)] }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let choices = try await StoredSensorReporting(services: services).sensors(server: invocation.server)
        let console = invocation.console
        if invocation.arguments.has("json") {
            console.print(try JSONSerializer.string(.array(choices.map(\.json)), pretty: true))
            return .success
        }
        let width = choices.map(\.id.count).max() ?? 2
        for choice in choices {
            let state = if case .string(let text) = choice.state { text } else { (try? JSONSerializer.string(choice.state)) ?? "?" }
            let mark = choice.disabledByServer ? "off (server)" : choice.enabled ? "on" : "off"
            let unit = state == "unavailable" ? "" : choice.unit.map { " \($0)" } ?? ""
            console.print("\(choice.id.padded(to: width))  \(mark.padded(to: 12))  \(state)\(unit)")
        }
        return .success
    }
}
