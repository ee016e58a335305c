/// What a plugin says about itself before it is instantiated.
public struct PluginDescriptor: Sendable, Equatable {
    /// The id a manifest names the plugin by, such as `design-tokens`.
    public let id: String
    /// The plugin's own version.
    public let version: SemanticVersion
    /// One line saying what the plugin does.
    public let summary: String
    /// The capabilities it registers when it starts.
    public let provides: [CapabilityID]
    /// The capabilities it needs from other plugins.
    public let requires: [CapabilityID]
    /// The entries it contributes to extension points once started (its commands among them).
    public let contributes: [ContributionDeclaration]
    /// The extension points it reads: every plugin contributing to one starts before it.
    public let consumes: [String]
    /// The keys its configuration object may have.
    public let configurationKeys: [String]
    /// What the host does when it fails to start, unless the manifest overrides it.
    public let failurePolicy: FailurePolicy

    /// Creates a descriptor.
    public init(
        id: String, version: SemanticVersion, summary: String, provides: [CapabilityID] = [],
        requires: [CapabilityID] = [], contributes: [ContributionDeclaration] = [], consumes: [String] = [],
        configurationKeys: [String] = [], failurePolicy: FailurePolicy = .abort
    ) {
        self.id = id
        self.version = version
        self.summary = summary
        self.provides = provides
        self.requires = requires
        self.contributes = contributes
        self.consumes = consumes
        self.configurationKeys = configurationKeys
        self.failurePolicy = failurePolicy
    }
}
