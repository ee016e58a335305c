import Agent
import CLIKit
import Essentials
import HomePluginKit
import SessionContract
import SessionCommandKit

/// `home agent report`: registers if needed and sends the enabled sensors once.
struct AgentReportCommand: Command {
    let name = "report"
    let summary = "Send the enabled sensors' values to the server once (registering the device and sensors as needed)."
    let services: AgentServices
    let options: [OptionSpec] = [.server, .json]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("", minimum: 0, maximum: 0)
        let session = try await AgentSession(invocation, services: services)
        let (registration, _) = try await session.registrar.ensureRegistered()
        let reporter = try session.sensorReporter(for: registration)
        let (report, settings) = try await reporter.report(settingsIn: session.home.folders.data, webhookID: registration.response.webhookID)
        var lines: [String] = []
        if settings.enabled.isEmpty { lines.append("no sensor is enabled; enable some with 'home sensors enable ID…'") }
        if !report.registered.isEmpty { lines.append("registered: \(report.registered.sorted().joined(separator: ", "))") }
        if !report.updated.isEmpty { lines.append("updated: \(report.updated.sorted().joined(separator: ", "))") }
        if !report.disabledByServer.isEmpty { lines.append("disabled on the server, no longer sent: \(report.disabledByServer.sorted().joined(separator: ", "))") }
        let ids = { (list: [String]) in JSONValue.array(list.sorted().map(JSONValue.string)) }
        try invocation.report(lines, json: ["registered": ids(report.registered), "updated": ids(report.updated), "disabled_by_server": ids(report.disabledByServer)])
        return .success
    }
}
