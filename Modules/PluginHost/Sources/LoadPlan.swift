/// The validated plugins of a manifest in start order, plus the disabled ones for reporting.
public struct LoadPlan: Sendable {
    /// Enabled plugins, each after every plugin it requires.
    public let startOrder: [PlannedPlugin]
    /// Entries the manifest lists but disables, in manifest order.
    public let disabled: [ManifestEntry]
}
