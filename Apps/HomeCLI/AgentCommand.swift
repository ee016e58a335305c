import Agent
import CLIKit
import Essentials
import Foundation

/// `home agent`: runs in the foreground as this machine's mobile_app device: registers (or
/// updates the registration), reports the enabled sensors every interval, and receives
/// notifications over the local push channel, until SIGTERM or SIGINT, which let the report in
/// flight finish. Logs to standard error.
struct AgentCommand: Command {
    let name = "agent"
    let summary = "Run as this machine's mobile_app device: register, then report the enabled sensors until stopped."
    let usage = "[--interval SECONDS] [--server URL] | register | config | report | event | service | location"
    let options: [OptionSpec] = [
        .value("interval", "SECONDS", help: "Seconds between sensor reports (default 60)."), .server, .manifest,
        .value("relay", "URL", help: "A push relay's /push/send URL to announce as push_url."),
        .value("relay-token", "TOKEN", help: "This device's push token at the relay."),
    ]
    let subcommands: [any Command] = [
        AgentRegisterCommand(), AgentConfigCommand(), AgentReportCommand(), AgentEventCommand(), AgentServiceCommand(), AgentLocationCommand(),
    ]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        var interval = 60.0
        if let text = invocation.arguments.values["interval"] {
            guard let seconds = Double(text), seconds >= 1 else { throw UsageError("--interval needs a number of seconds, at least 1") }
            interval = seconds
        }
        let signals = TerminationSignals()
        let session = try await AgentSession(invocation)
        let console = invocation.console
        let log: @Sendable (String) -> Void = { console.printError("\(HATimestamp.string(from: Date())) agent: \($0)") }
        var found: AgentRegistration?
        while found == nil {
            do {
                let (registration, outcome) = try await session.registrar.registrationForSending()
                let state = outcome.map { "\($0.rawValue) as" } ?? "offline: calls wait in the queue for"
                log("\(state) '\(registration.request.deviceName)' on \(session.home.server); reporting every \(Int(interval)) s")
                found = registration
            } catch where MobileAppRegistrar.isUnreachable(error) {
                log("cannot reach \(session.home.server) to register, retrying in \(Int(interval)) s: \(error)")
                if await signals.wait(upTo: interval) {
                    log("stopped")
                    return .success
                }
            }
        }
        guard let registration = found else { return .failure }
        let folder = session.home.folders.data
        let connection = session.home.connection()
        await connection.start()
        let handler = NotificationHandler(
            history: try NotificationHistory(folder: folder), presenter: DesktopNotifier(environment: Current.environment()), log: { log($0) }
        )
        let channel = LocalPushChannel(connection: connection, webhookID: registration.response.webhookID, handler: handler, log: { log($0) })
        let listening = Task {
            do {
                try await channel.run()
            } catch {
                log("the notification channel ended: \(error)")
            }
        }
        let relayListening = Self.relayChannel(of: registration, handler: handler, log: log).map { relay in Task { await relay.run() } }
        let reporter = try await session.sensorReporter(for: registration)
        while !signals.isTerminating {
            do {
                let (report, _) = try await reporter.report(settingsIn: folder, webhookID: registration.response.webhookID)
                if !report.registered.isEmpty { log("registered \(report.registered.sorted().joined(separator: ", "))") }
                if !report.disabledByServer.isEmpty { log("the server disabled \(report.disabledByServer.sorted().joined(separator: ", ")); no longer sent") }
            } catch {
                log("report failed, retrying in \(Int(interval)) s: \(error)")
            }
            if await signals.wait(upTo: interval) { break }
        }
        await connection.stop()
        await listening.value
        relayListening?.cancel()
        await relayListening?.value
        log("stopped")
        return .success
    }

    /// The push relay's stream when the registration announces one (`--relay`), so notifications
    /// Home Assistant sends through the relay arrive too.
    private static func relayChannel(of registration: AgentRegistration, handler: NotificationHandler, log: @escaping @Sendable (String) -> Void)
        -> RelayPushChannel? {
        guard case .string(let url)? = registration.request.appData?["push_url"], case .string(let token)? = registration.request.appData?["push_token"] else {
            return nil
        }
        guard let channel = RelayPushChannel(pushURL: url, token: token, handler: handler, log: log) else {
            log("the push_url \(url) is not a relay's /push/send; not listening on it")
            return nil
        }
        return channel
    }
}
