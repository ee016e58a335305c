import Essentials
import Foundation
import PluginHost

/// Which manifest a command uses: `--manifest FILE`, else `manifest.json` in the configuration
/// folder, else the built-in default.
struct ManifestSource {
    /// What to call the manifest in output: its path, or `built-in`.
    let name: String
    private let file: URL?

    init(option: String?, directories: DirectoryLayout) {
        if let option {
            file = URL(fileURLWithPath: option)
        } else if FileManager.default.fileExists(atPath: directories.defaultManifest.path) {
            file = directories.defaultManifest
        } else {
            file = nil
        }
        name = file?.path ?? "built-in"
    }

    /// The validated plan of this manifest; throws every problem in it.
    func plan() throws(ManifestRejected) -> LoadPlan {
        let loader = PluginLoader(catalog: BuiltInCatalog.catalog)
        guard let file else {
            return try loader.plan(BuiltInCatalog.defaultManifest(baseDirectory: Current.directories().configuration))
        }
        return try loader.plan(manifestAt: file)
    }
}
