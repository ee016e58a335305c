import FoundationEssentials

/// Theme files written to disk: the value of ``DesignCapabilities/themeFiles``.
public protocol ThemeFileSet: Sendable {
    /// The files, one per format.
    var files: [URL] { get }
}
