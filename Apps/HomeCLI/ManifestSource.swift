import Foundation
import PluginHost

/// Which manifest a command uses: `--manifest FILE`, else `manifest.json` in the configuration
/// folder, else the built-in default.
struct ManifestSource {
    /// What to call the manifest in output: its path, or `built-in`.
    let name: String
    let manifest: PluginManifest

    init(option: String?, directories: DirectoryLayout) throws(ManifestRejected) {
        if let option {
            let url = URL(fileURLWithPath: option)
            name = url.path
            manifest = try PluginManifest.load(from: url)
        } else if FileManager.default.fileExists(atPath: directories.defaultManifest.path) {
            name = directories.defaultManifest.path
            manifest = try PluginManifest.load(from: directories.defaultManifest)
        } else {
            name = "built-in"
            manifest = BuiltInCatalog.defaultManifest(baseDirectory: directories.configuration)
        }
    }
}
