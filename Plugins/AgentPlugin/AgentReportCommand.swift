import Agent
import CLIKit
import HomePluginKit
import SessionContract
import SessionCommandKit

/// `home agent report`: registers if needed and sends the enabled sensors once.
struct AgentReportCommand: Command {
    let name = "report"
    let summary = "Send the enabled sensors' values to the server once (registering the device and sensors as needed)."
    let services: AgentServices
    let options: [OptionSpec] = [.server]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("", minimum: 0, maximum: 0)
        let session = try await AgentSession(invocation, services: services)
        let (registration, _) = try await session.registrar.ensureRegistered()
        let reporter = try session.sensorReporter(for: registration)
        let (report, settings) = try await reporter.report(settingsIn: session.home.folders.data, webhookID: registration.response.webhookID)
        let console = invocation.console
        if settings.enabled.isEmpty { console.print("no sensor is enabled; enable some with 'home sensors enable ID…'") }
        if !report.registered.isEmpty { console.print("registered: \(report.registered.sorted().joined(separator: ", "))") }
        if !report.updated.isEmpty { console.print("updated: \(report.updated.sorted().joined(separator: ", "))") }
        if !report.disabledByServer.isEmpty { console.print("disabled on the server, no longer sent: \(report.disabledByServer.sorted().joined(separator: ", "))") }
        return .success
    }
}
