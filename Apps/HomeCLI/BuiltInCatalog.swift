import DesignTokensPlugin
import Foundation
import LinuxSensorsPlugin
import PluginHost
import ThemeFilesPlugin

/// The plugins compiled into `home`, and the manifest used when the user has none.
enum BuiltInCatalog {
    /// Every built-in plugin.
    static let catalog = PluginCatalog([DesignTokensPlugin.factory, ThemeFilesPlugin.factory, LinuxSensorsPlugin.factory(agentVersion: HomeApp.version)])

    /// The design tokens and the Linux sensors enabled (a sensor still reports only once the user
    /// enables it for a server); theme-files, which writes to disk, listed but off until the user opts in.
    static func defaultManifest(baseDirectory: URL) -> PluginManifest {
        PluginManifest(
            plugins: [ManifestEntry(id: "design-tokens"), ManifestEntry(id: "theme-files", enabled: false), ManifestEntry(id: "linux-sensors")],
            baseDirectory: baseDirectory
        )
    }
}
