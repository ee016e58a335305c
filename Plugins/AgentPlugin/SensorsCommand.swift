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
        // Signed out, the sensors are listed all off: which report is chosen per server.
        let home = try await services.session.stored(server: invocation.server)
        let settings = try home.map { try SensorSettings.load(from: $0.folders.data) } ?? SensorSettings()
        let sensors = services.sensors
        let console = invocation.console
        let rows: [JSONValue] = sensors.map { sensor in
            let id = sensor.definition.uniqueID
            return .object([
                "id": .string(id), "name": .string(sensor.definition.name), "enabled": .bool(settings.enabled.contains(id)),
                "disabledByServer": .bool(settings.disabledByServer.contains(id)), "state": sensor.read(root: .init(fileURLWithPath: "/")) ?? .string("unavailable"),
                "unit": sensor.definition.unit.map(JSONValue.string) ?? .null,
            ])
        }
        if invocation.arguments.has("json") {
            console.print(try JSONSerializer.string(.array(rows), pretty: true))
            return .success
        }
        let width = sensors.map(\.definition.uniqueID.count).max() ?? 2
        for (sensor, row) in zip(sensors, rows) {
            let id = sensor.definition.uniqueID
            let state = row.objectValue?["state"].map { value -> String in if case .string(let text) = value { text } else { (try? JSONSerializer.string(value)) ?? "?" } } ?? "?"
            let mark = settings.disabledByServer.contains(id) ? "off (server)" : settings.enabled.contains(id) ? "on" : "off"
            let unit = state == "unavailable" ? "" : sensor.definition.unit.map { " \($0)" } ?? ""
            console.print("\(id.padded(to: width))  \(mark.padded(to: 12))  \(state)\(unit)")
        }
        return .success
    }
}
