import FoundationEssentials

/// Where HomeCompanion keeps configuration, data and caches: the XDG base directories.
public struct DirectoryLayout: Sendable, Equatable {
    /// The folder name used under each XDG base directory.
    public static let applicationFolder = "home-companion"

    /// `$XDG_CONFIG_HOME/home-companion`, or `~/.config/home-companion`.
    public let configuration: URL
    /// `$XDG_DATA_HOME/home-companion`, or `~/.local/share/home-companion`.
    public let data: URL
    /// `$XDG_CACHE_HOME/home-companion`, or `~/.cache/home-companion`.
    public let cache: URL

    /// Creates a layout from explicit folders.
    public init(configuration: URL, data: URL, cache: URL) {
        self.configuration = configuration
        self.data = data
        self.cache = cache
    }

    /// Resolves the layout from an environment as the XDG specification says: a variable
    /// that is unset, empty or not an absolute path falls back to the default under `HOME`.
    public init(environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
        func base(_ variable: String, _ fallback: String) -> URL {
            if let value = environment[variable], value.hasPrefix("/") {
                return URL(fileURLWithPath: value, isDirectory: true)
            }
            return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(fallback, isDirectory: true)
        }
        self.init(
            configuration: base("XDG_CONFIG_HOME", ".config").appendingPathComponent(Self.applicationFolder),
            data: base("XDG_DATA_HOME", ".local/share").appendingPathComponent(Self.applicationFolder),
            cache: base("XDG_CACHE_HOME", ".cache").appendingPathComponent(Self.applicationFolder)
        )
    }

    /// The manifest `home` loads when none is named: `manifest.json` in the configuration folder.
    public var defaultManifest: URL {
        configuration.appendingPathComponent("manifest.json")
    }

    /// Creates `directory` and its missing parents, readable only by the owner (0700),
    /// and tightens an existing one to 0700.
    public func prepare(_ directory: URL) throws {
        let manager = FileManager.default
        try manager.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
        )
        try manager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
    }
}
