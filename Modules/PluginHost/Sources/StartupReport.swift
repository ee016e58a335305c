/// What the host started and what it skipped, plugin by plugin.
public struct StartupReport: Sendable, Equatable {
    /// The overall result.
    public let outcome: StartupOutcome
    /// Enabled plugins in start order, then disabled ones in manifest order.
    public let plugins: [PluginStatus]

    /// The status of `id`, if the manifest names it.
    public func status(of id: String) -> PluginStatus? {
        plugins.first { $0.id == id }
    }
}
