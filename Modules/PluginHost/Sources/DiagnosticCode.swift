/// The kind of problem a manifest check found.
public enum DiagnosticCode: String, Sendable, Codable, CaseIterable {
    case malformedManifest = "malformed-manifest"
    case unsupportedSchema = "unsupported-schema"
    case unknownPlugin = "unknown-plugin"
    case duplicatePlugin = "duplicate-plugin"
    case libraryLoadFailed = "library-load-failed"
    case libraryNotLoaded = "library-not-loaded"
    case versionMismatch = "version-mismatch"
    case badConfiguration = "bad-configuration"
    case missingCapability = "missing-capability"
    case conflictingProviders = "conflicting-providers"
    case conflictingContributions = "conflicting-contributions"
    case dependencyCycle = "dependency-cycle"
}
