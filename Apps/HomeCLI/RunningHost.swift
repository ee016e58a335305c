import Essentials
import Foundation
import PluginHost

/// A plugin host started from a manifest for the length of one command.
struct RunningHost {
    let source: ManifestSource
    let host: PluginHost
    let report: StartupReport

    /// Loads the manifest `--manifest` names (or the default), validates it, and starts it.
    static func start(manifestOption: String?) async throws -> RunningHost {
        let source = ManifestSource(option: manifestOption, directories: Current.directories())
        let plan = try source.plan()
        let host = PluginHost(plan: plan, logger: Current.logger("plugin-host"))
        return RunningHost(source: source, host: host, report: await host.start())
    }
}
