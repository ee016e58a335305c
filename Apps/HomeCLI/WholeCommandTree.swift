import CLIKit
import Essentials
import HomePluginKit
import PluginHost

/// Every `home` command at once: the built-ins and those of the manifest's enabled plugins, which
/// are started to be asked their options (as `home plugins` starts them) and stopped after.
struct WholeCommandTree {
    let source: ManifestSource
    let version: String

    /// Runs `body` with the root command of the whole tree, the plugins running meanwhile.
    func withRoot<T>(_ body: (any Command) throws -> T) async throws -> T {
        let plan: LoadPlan
        do {
            plan = try source.plan()
        } catch {
            throw UsageError("the manifest \(source.name) cannot be loaded: \(error.diagnostics.map(\.message).joined(separator: "; "))")
        }
        let host = PluginHost(plan: plan, logger: Current.logger("plugin-host"))
        _ = await host.start()
        let commands = host.extensions.contributions(to: CommandPoint.commands).map(\.value)
        let root = HomeCommand(subcommands: (commands + BuiltInCommands.all(source: source, version: version)).sorted { $0.name < $1.name })
        do {
            let result = try body(root)
            await host.stop()
            return result
        } catch {
            await host.stop()
            throw error
        }
    }
}
