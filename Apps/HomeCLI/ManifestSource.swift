import Essentials
import FoundationEssentials
import HomePluginKit
import PluginHost

/// Which manifest `home` uses: `--manifest FILE`, else `manifest.json` in the configuration
/// folder, else the built-in defaults alone. A file names only what it changes; the defaults
/// stand for every built-in plugin it does not name.
struct ManifestSource: Sendable {
    /// The built-in plugins and any a test or an embedding executable adds.
    let catalog: PluginCatalog
    /// The file a change of which plugins run is written to: `--manifest FILE`, else
    /// `manifest.json` in the configuration folder (made on the first change).
    let editable: URL
    private let given: Bool
    private let defaults: [ManifestEntry]

    init(option: String?, directories: DirectoryLayout, factories: [any PluginFactory], defaults: [ManifestEntry]) {
        editable = option.map { URL(fileURLWithPath: $0) } ?? directories.defaultManifest
        given = option != nil
        catalog = PluginCatalog(factories)
        self.defaults = defaults
    }

    /// The manifest file read now: the given one, else the configuration folder's once it exists
    /// (looked for each time, so a process that runs on sees a change made while it runs).
    private var file: URL? {
        given || FileManager.default.fileExists(atPath: editable.path) ? editable : nil
    }

    /// What to call the manifest in output: its path, or `built-in`.
    var name: String { file?.path ?? "built-in" }

    /// The validated plan of this manifest; throws every problem in it.
    func plan() throws(ManifestRejected) -> LoadPlan {
        try plan(file: file)
    }

    /// The plan of this manifest with out-of-tree libraries inspected, not run: for reading
    /// which plugins are on, again and again, as the settings page does.
    func inspectedPlan() throws(ManifestRejected) -> LoadPlan {
        try plan(file: file, loadingLibraries: false)
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

    /// The validated plan of manifest text that is about to replace the editable file, with the
    /// defaults; out-of-tree libraries are inspected, not run.
    func plan(text: [UInt8]) throws(ManifestRejected) -> LoadPlan {
        let manifest = try PluginManifest.decode(Data(text), baseDirectory: editable.deletingLastPathComponent())
        return try PluginLoader(catalog: catalog, loadLibrary: LibraryInspection.inspect).plan(manifest.adding(defaults: defaults))
    }

    /// The plugin in the catalog that declares `command`, whichever the manifest does with it.
    func catalogPlugin(declaring command: String) -> String? {
        catalog.ids.first { id in
            catalog.factory(for: id)?.descriptor.contributes.contains { $0.point == CommandPoint.commands.name && $0.name == command } ?? false
        }
    }
}
