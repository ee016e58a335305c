import FoundationEssentials

/// The JSON file that names the plugins to load, whether each is enabled, and its configuration.
///
/// ```json
/// { "schemaVersion": 1,
///   "plugins": [ { "id": "design-tokens", "configuration": { "primaryColor": "#03a9f4" } },
///                { "id": "example-greeter", "library": "libExampleGreeter.so", "enabled": false } ] }
/// ```
public struct PluginManifest: Sendable, Equatable {
    /// The schema versions this host reads.
    public static let supportedSchemaVersions = [1]
    /// The largest manifest file read, so a wrong path cannot make the host load a huge file.
    public static let maximumSize = 1 << 20

    /// The schema the file was written for.
    public let schemaVersion: Int
    /// The plugins, in the order the file lists them.
    public let plugins: [ManifestEntry]
    /// The folder relative library paths are resolved against.
    public let baseDirectory: URL
    /// The entries that stand in for plugins the file does not name (``adding(defaults:)``).
    public let defaultIDs: Set<String>

    /// Creates a manifest.
    public init(schemaVersion: Int = 1, plugins: [ManifestEntry], baseDirectory: URL, defaultIDs: Set<String> = []) {
        self.schemaVersion = schemaVersion
        self.plugins = plugins
        self.baseDirectory = baseDirectory
        self.defaultIDs = defaultIDs
    }

    /// This manifest with each of `defaults` whose id it does not name appended, so a manifest
    /// only needs to name the plugins it configures, enables or disables.
    public func adding(defaults: [ManifestEntry]) -> PluginManifest {
        let named = Set(plugins.map(\.id))
        let added = defaults.filter { !named.contains($0.id) }
        return PluginManifest(
            schemaVersion: schemaVersion, plugins: plugins + added, baseDirectory: baseDirectory, defaultIDs: defaultIDs.union(added.map(\.id))
        )
    }

    /// This manifest with `ids` disabled.
    func disabling(_ ids: Set<String>) -> PluginManifest {
        let plugins = plugins.map { entry in
            guard ids.contains(entry.id) else { return entry }
            return ManifestEntry(
                id: entry.id, enabled: false, version: entry.version, library: entry.library, failurePolicy: entry.failurePolicy,
                configuration: entry.configuration, after: entry.after
            )
        }
        return PluginManifest(schemaVersion: schemaVersion, plugins: plugins, baseDirectory: baseDirectory, defaultIDs: defaultIDs)
    }
}
