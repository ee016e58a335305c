import Essentials
import Foundation
import HomePluginKit
import PluginHost

/// Which manifest `home` uses: `--manifest FILE`, else `manifest.json` in the configuration
/// folder, else the built-in defaults alone. A file names only what it changes; the defaults
/// stand for every built-in plugin it does not name.
struct ManifestSource: Sendable {
    /// What to call the manifest in output: its path, or `built-in`.
    let name: String
    /// The built-in plugins and any a test or an embedding executable adds.
    let catalog: PluginCatalog
    private let file: URL?
    private let defaults: [ManifestEntry]

    init(option: String?, directories: DirectoryLayout, factories: [any PluginFactory], defaults: [ManifestEntry]) {
        if let option {
            file = URL(fileURLWithPath: option)
        } else if FileManager.default.fileExists(atPath: directories.defaultManifest.path) {
            file = directories.defaultManifest
        } else {
            file = nil
        }
        name = file?.path ?? "built-in"
        catalog = PluginCatalog(factories)
        self.defaults = defaults
    }

    /// The validated plan of this manifest; throws every problem in it.
    func plan() throws(ManifestRejected) -> LoadPlan {
        try plan(file: file)
    }

    /// The validated plan of the manifest at `file` (with the defaults), or of the defaults alone;
    /// out-of-tree plugins are loaded only when `loadingLibraries`.
    func plan(file: URL?, loadingLibraries: Bool = true) throws(ManifestRejected) -> LoadPlan {
        let loader = loadingLibraries ? PluginLoader(catalog: catalog) : PluginLoader(catalog: catalog, loadLibrary: LibraryInspection.inspect)
        guard let file else {
            return try loader.plan(PluginManifest(plugins: defaults, baseDirectory: Current.directories().configuration))
        }
        return try loader.plan(manifestAt: file, defaults: defaults)
    }

    /// The plugin in the catalog that declares `command`, whichever the manifest does with it.
    func catalogPlugin(declaring command: String) -> String? {
        catalog.ids.first { id in
            catalog.factory(for: id)?.descriptor.contributes.contains { $0.point == CommandPoint.commands.name && $0.name == command } ?? false
        }
    }
}
