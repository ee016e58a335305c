import Agent
import CLIKit
import Essentials
import FoundationEssentials
import HomeAPI
import HomePluginKit
import SessionContract
import SessionCommandKit

/// `home agent`: runs in the foreground as this machine's mobile_app device (``AgentDaemon``):
/// registers (or updates the registration), reports the enabled sensors every interval or when
/// the server sends `update_sensors`, and receives notifications over the local push channel and
/// the relay, until SIGTERM or SIGINT, which let the report in flight finish. Logs to standard error.
struct AgentCommand: PluginCommand {
    static let commandName = "agent"
    static let commandSummary = "Run as this machine's mobile_app device: register, then report the enabled sensors until stopped."
    let services: AgentServices
    let options: [OptionSpec] = [
        .value("interval", "SECONDS", help: "Seconds between sensor reports (default 60)."), .server,
        .value("location-interval", "SECONDS", help: "Also report the location source's place this often (checked at each report; default: only when the server asks)."),
        .value("relay", "URL", help: "A push relay's /push/send URL: registers with it (once) and announces it as push_url; 'none' forgets it."),
        .value("relay-key-file", "FILE", help: "The relay's registration key, when its operator requires one ('-': standard input; default: $HOME_RELAY_KEY)."),
        .flag("insecure-relay", help: "Accept a plain http:// relay on another machine (its stream secret then travels in clear text)."),
    ]
    var subcommands: [any Command] {
        [
            AgentRegisterCommand(services: services), AgentConfigCommand(services: services), AgentReportCommand(services: services),
            AgentEventCommand(services: services), AgentServiceCommand(services: services), AgentLocationCommand(services: services),
        ]
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        var interval = 60.0
        if let text = invocation.arguments.values["interval"] {
            guard let seconds = Double(text), seconds >= 1 else { throw UsageError("--interval needs a number of seconds, at least 1") }
            interval = seconds
        }
        var locationInterval: Double?
        if let text = invocation.arguments.values["location-interval"] {
            guard let seconds = Double(text), seconds >= 1 else { throw UsageError("--location-interval needs a number of seconds, at least 1") }
            locationInterval = seconds
        }
        let signals = TerminationSignals()
        let wakeups = services.wakeups
        let forwarding = Task {
            await signals.wait()
            wakeups.requestStop()
        }
        defer { forwarding.cancel() }
        var session = try await AgentSession(invocation, services: services)
        let console = invocation.console
        // Every line of the daemon and what it runs goes through the redacting logger (a token in an
        // error's text is masked), stamped with the time for a journal read later.
        let logger = Logger(label: "agent", level: .info) { line in console.printError("\(HATimestamp.string(from: Current.now())) \(line)") }
        let location = locationInterval.map { LocationSchedule(interval: $0, sources: { services.locationSources }, logger: logger) }
        // When the network moves the server to its other URL, the daemon closes its channels and
        // runs again there; the queued webhooks wait in the server's folder and go with it.
        while true {
            let moves = Task { [home = session.home] in
                for await address in home.addressChanges() {
                    logger.info("the network changed: \(home.server) is reached at \(address) now")
                    wakeups.requestMove()
                    return
                }
            }
            let wake = try await AgentDaemon(
                server: Self.describe(session.home), interval: interval, wakeups: wakeups, steps: steps(session, location: location, logger: logger), logger: logger
            ).run()
            moves.cancel()
            guard wake == .addressChanged else { break }
            session = try await AgentSession(server: invocation.server, services: services)
        }
        return .success
    }

    /// What the daemon works with, for `session`.
    private func steps(_ session: AgentSession, location: LocationSchedule?, logger: Logger) -> AgentDaemon.Steps {
        AgentDaemon.Steps(
            register: { try await session.registrar.registrationForSending() },
            isUnreachable: MobileAppRegistrar.isUnreachable,
            openChannels: { registration in try await AgentChannels.open(for: registration, session: session, logger: logger) },
            report: { registration in
                // Webhooks need no token, so a revoked session shows only here: then the server's
                // data, Thread keys and relay registration are wiped, and the daemon stops.
                do {
                    try await session.home.checkAccess()
                } catch where Self.isRevoked(error) {
                    throw error
                } catch {
                    // Unreachable: the report queues, and the next round checks again.
                }
                let report = try await session.sensorReporter(for: registration).report(settingsIn: session.home.folders.data, webhookID: registration.response.webhookID).0
                await location?.reportIfDue { type, data in try await session.queueAndSend(type, data) }
                return report
            },
            isRevoked: Self.isRevoked,
            // The daemon runs for days in a small part of the code it touched starting: that
            // code's pages are given back (mapped again where used; BENCHMARKS.md).
            started: { StartupCodePages.release() }
        )
    }

    /// The server for the log: its URL, and the one it is reached at when that is another.
    private static func describe(_ home: Home) -> String {
        home.address == home.server ? "\(home.server)" : "\(home.server) (at \(home.address))"
    }

    /// The server no longer accepts this machine's session (``Home`` wiped it on finding out).
    static func isRevoked(_ error: any Error) -> Bool {
        (error as? HomeError)?.code == .permissionDenied
    }
}
