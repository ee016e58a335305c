/// Why the agent's daemon woke from waiting.
public enum AgentWake: Sendable, Equatable {
    /// The interval passed.
    case elapsed
    /// Something asked for a report now (`update_sensors`).
    case reportRequested
    /// SIGTERM, SIGINT or the caller asked the daemon to stop.
    case stopRequested
    /// The server is reached at another URL now (the machine moved to or from a home network):
    /// the daemon closes its channels and returns, to run again there.
    case addressChanged
}
