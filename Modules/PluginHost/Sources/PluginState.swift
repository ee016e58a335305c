/// Where a plugin stands in the host's lifecycle.
public enum PluginState: Sendable, Equatable, CustomStringConvertible {
    /// The manifest disables it.
    case disabled
    /// Validated and waiting to start.
    case pending
    /// Enabled but not started, because what ran did not need it.
    case idle
    /// Started and providing its capabilities.
    case started
    /// Stopped after having started.
    case stopped
    /// Its own instantiation or start failed.
    case failed(String)
    /// Not started because something it needs is missing or startup was aborted.
    case skipped(String)

    /// The state's name without its reason: `started`, `failed`, ….
    public var name: String {
        switch self {
        case .disabled: "disabled"
        case .pending: "pending"
        case .idle: "idle"
        case .started: "started"
        case .stopped: "stopped"
        case .failed: "failed"
        case .skipped: "skipped"
        }
    }

    /// Why the plugin failed or was skipped, if it was.
    public var reason: String? {
        switch self {
        case .failed(let reason), .skipped(let reason): reason
        default: nil
        }
    }

    public var description: String { reason.map { "\(name): \($0)" } ?? name }
}
