import Foundation
import PluginHost

/// Checks a manifest that names only out-of-tree plugins.
enum LibraryManifestCheck {
    static func diagnostics(_ url: URL) -> [Diagnostic] {
        do {
            _ = try PluginLoader(catalog: PluginCatalog([])).plan(manifestAt: url)
            return []
        } catch {
            return error.diagnostics
        }
    }
}
