import CLIKit
import Essentials
import PluginHost

/// The `home` executable's entry: prepares the XDG folders, takes the global `--manifest`, and
/// hands the command line to the ``CommandDispatcher``.
public enum HomeApp {
    /// The version `home --version` prints.
    public static let version = "0.1.0"

    /// Runs `arguments` (without the executable name) against `console`. `extraPlugins` join the
    /// built-in catalog: an executable or a test that compiles plugins of its own names them here,
    /// and `extraDefaults` the ones to enable when the manifest does not name them.
    public static func run(
        _ arguments: [String], console: Console, extraPlugins: [any PluginFactory] = [], extraDefaults: [ManifestEntry] = []
    ) async -> ExitCode {
        let layout = Current.directories()
        do {
            try layout.prepare(layout.configuration)
            try layout.prepare(layout.data)
        } catch {
            console.printError("error: cannot prepare \(layout.configuration.path) and \(layout.data.path): \(error)")
            return .failure
        }
        let global: GlobalArguments
        do {
            global = try GlobalArguments(arguments)
        } catch {
            console.printError("error: \(error.message)")
            return .usage
        }
        let source = ManifestSource(
            option: global.manifest, directories: layout, factories: BuiltInCatalog.factories + extraPlugins, defaults: BuiltInCatalog.defaults + extraDefaults
        )
        return await CommandDispatcher(source: source, version: version).run(global.remaining, console: console)
    }
}
