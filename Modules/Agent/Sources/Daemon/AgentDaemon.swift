import Essentials
import FoundationEssentials

/// The agent's daemon loop: registers (retrying while the server cannot be reached), opens the
/// notification channels, then reports the sensors every interval or when asked, until a stop
/// is requested (the report in flight finishes first) or the server revokes access (a report
/// that finds out ends the daemon with that error, the channels closed).
///
/// Every step is a closure, so the loop runs in tests on an injected clock (``AgentWakeups``)
/// without a server or a real wait.
public struct AgentDaemon: Sendable {
    /// What the daemon needs done, step by step.
    public struct Steps: Sendable {
        /// Registers or loads the registration; the outcome is nil when it was not checked on the server.
        public var register: @Sendable () async throws -> (AgentRegistration, RegistrationOutcome?)
        /// Whether a registration error means "try again later" rather than "give up".
        public var isUnreachable: @Sendable (any Error) -> Bool
        /// Opens the notification channels for a registration; returns what closes them.
        public var openChannels: @Sendable (AgentRegistration) async throws -> @Sendable () async -> Void
        /// Sends one report.
        public var report: @Sendable (AgentRegistration) async throws -> SensorReport
        /// Whether a report's error means the server revoked this machine's access (its data
        /// then already wiped): the daemon stops instead of trying again.
        public var isRevoked: @Sendable (any Error) -> Bool
        /// Called once, after the first report was sent or failed: the daemon has started.
        public var started: @Sendable () -> Void

        /// Creates the steps.
        public init(
            register: @escaping @Sendable () async throws -> (AgentRegistration, RegistrationOutcome?),
            isUnreachable: @escaping @Sendable (any Error) -> Bool,
            openChannels: @escaping @Sendable (AgentRegistration) async throws -> @Sendable () async -> Void,
            report: @escaping @Sendable (AgentRegistration) async throws -> SensorReport,
            isRevoked: @escaping @Sendable (any Error) -> Bool = { _ in false },
            started: @escaping @Sendable () -> Void = {}
        ) {
            self.register = register
            self.isUnreachable = isUnreachable
            self.openChannels = openChannels
            self.report = report
            self.isRevoked = isRevoked
            self.started = started
        }
    }

    let server: String
    let interval: Double
    let wakeups: AgentWakeups
    let steps: Steps
    let logger: Logger

    /// Creates a daemon for `server` (for the log) reporting every `interval` seconds.
    public init(server: String, interval: Double, wakeups: AgentWakeups, steps: Steps, logger: Logger) {
        self.server = server
        self.interval = interval
        self.wakeups = wakeups
        self.steps = steps
        self.logger = logger
    }

    /// Runs until a stop is requested or the server's address changes, and says which
    /// (``AgentWake/stopRequested`` or ``AgentWake/addressChanged``); throws only when
    /// registering fails for good or the server revoked access.
    @discardableResult
    public func run() async throws -> AgentWake {
        let (registration, early) = try await register()
        guard let registration else {
            if early == .stopRequested { logger.info("stopped") }
            return early
        }
        let closeChannels = try await steps.openChannels(registration)
        var wake = AgentWake.elapsed
        var first = true
        while wake != .stopRequested && wake != .addressChanged {
            do {
                let report = try await steps.report(registration)
                if !report.registered.isEmpty { logger.info("registered \(report.registered.sorted().joined(separator: ", "))") }
                if !report.disabledByServer.isEmpty {
                    logger.info("the server disabled \(report.disabledByServer.sorted().joined(separator: ", ")); no longer sent")
                }
            } catch where steps.isRevoked(error) {
                logger.warning("stopping: \(error)")
                await closeChannels()
                throw error
            } catch {
                logger.warning("report failed, retrying in \(Int(interval)) s: \(error)")
            }
            if first {
                first = false
                steps.started()
            }
            wake = await wakeups.wait(upTo: interval)
            if wake == .reportRequested { logger.info("reporting now, as the server asked") }
        }
        await closeChannels()
        if wake == .stopRequested { logger.info("stopped") }
        return wake
    }

    /// The registration; nil with the wake that came while the server could not be reached (a
    /// stop, or a move to another address).
    private func register() async throws -> (AgentRegistration?, AgentWake) {
        while true {
            do {
                let (registration, outcome) = try await steps.register()
                let state = outcome.map { "\($0.rawValue) as" } ?? "offline: calls wait in the queue for"
                logger.info("\(state) '\(registration.request.deviceName)' on \(server); reporting every \(Int(interval)) s")
                return (registration, .elapsed)
            } catch where steps.isUnreachable(error) {
                logger.warning("cannot reach \(server) to register, retrying in \(Int(interval)) s: \(error)")
                let wake = await wakeups.wait(upTo: interval)
                if wake == .stopRequested || wake == .addressChanged { return (nil, wake) }
            }
        }
    }
}
