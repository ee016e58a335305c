/// Why the agent's daemon woke from waiting.
public enum AgentWake: Sendable, Equatable {
    /// The interval passed.
    case elapsed
    /// Something asked for a report now (`update_sensors`).
    case reportRequested
    /// SIGTERM, SIGINT or the caller asked the daemon to stop.
    case stopRequested
}
