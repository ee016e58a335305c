import Essentials

/// One plugin named in a manifest.
public struct ManifestEntry: Sendable, Equatable {
    /// The plugin's id: a built-in catalog id, or any id for a library plugin.
    public let id: String
    /// Whether to load it; a disabled entry is listed but not started.
    public let enabled: Bool
    /// The lowest compatible version the manifest accepts, if it asks for one.
    public let version: SemanticVersion?
    /// The path of an out-of-tree plugin's dynamic library, relative to the manifest.
    public let library: String?
    /// Overrides the plugin's own startup failure policy.
    public let failurePolicy: FailurePolicy?
    /// The plugin's configuration object.
    public let configuration: [String: JSONValue]
    /// Plugins this one must start after when they are enabled, beyond what its requirements imply.
    public let after: [String]

    /// Creates an entry.
    public init(
        id: String, enabled: Bool = true, version: SemanticVersion? = nil, library: String? = nil,
        failurePolicy: FailurePolicy? = nil, configuration: [String: JSONValue] = [:], after: [String] = []
    ) {
        self.id = id
        self.enabled = enabled
        self.version = version
        self.library = library
        self.failurePolicy = failurePolicy
        self.configuration = configuration
        self.after = after
    }
}
