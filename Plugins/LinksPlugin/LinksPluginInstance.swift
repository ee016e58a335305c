import HomePluginKit
import PluginHost
import SessionContract
import WindowContract

/// The started links plugin: its opener and its command.
final class LinksPluginInstance: Plugin {
    func start(_ context: PluginContext) async throws {
        let session = try context.resolve(SessionCapabilities.access)
        let launcher = WindowLauncher(logger: context.logger)
        try context.contribute(WindowPoints.openers, name: "launcher", launcher)
        try context.contribute(command: OpenCommand(session: session, opener: launcher, confirmation: DesktopConfirmation(bus: .session)))
    }

    func stop() async {}
}
