/// How a host's startup ended as a whole.
public enum StartupOutcome: Sendable, Equatable, CustomStringConvertible {
    /// Every enabled plugin started, or only `ignore` plugins did not.
    case running
    /// Running without some plugins whose policy is `degrade`.
    case degraded
    /// An `abort` plugin could not start; every started plugin was stopped again.
    case aborted(String)

    public var description: String {
        switch self {
        case .running: "running"
        case .degraded: "degraded"
        case .aborted(let reason): "aborted: \(reason)"
        }
    }
}
