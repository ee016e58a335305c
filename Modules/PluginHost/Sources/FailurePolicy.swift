/// What the host does when a plugin cannot start.
public enum FailurePolicy: String, Sendable, Codable, CaseIterable {
    /// Stop every plugin already started and fail the whole startup.
    case abort
    /// Skip the plugin and those that need it, and report the host as degraded.
    case degrade
    /// Skip the plugin and those that need it, and carry on as if it were disabled.
    case ignore
}
