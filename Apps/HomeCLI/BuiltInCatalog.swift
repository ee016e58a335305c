import DesignTokensPlugin
import Foundation
import PluginHost

/// The plugins compiled into `home`, and the manifest used when the user has none.
enum BuiltInCatalog {
    /// Every built-in plugin.
    static let catalog = PluginCatalog([DesignTokensPlugin.factory])

    /// Every built-in plugin enabled with its default configuration.
    static func defaultManifest(baseDirectory: URL) -> PluginManifest {
        PluginManifest(plugins: catalog.ids.map { ManifestEntry(id: $0) }, baseDirectory: baseDirectory)
    }
}
