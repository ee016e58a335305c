/// One plugin's line in a startup report.
public struct PluginStatus: Sendable, Equatable {
    /// The plugin's id.
    public let id: String
    /// Its version, when it was resolved (a disabled plugin's version is not looked up).
    public let version: SemanticVersion?
    /// The policy that applied to it at startup.
    public let failurePolicy: FailurePolicy?
    /// Where it stands now.
    public var state: PluginState
}
