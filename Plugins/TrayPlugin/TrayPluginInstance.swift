import AgentContract
import ConnectionContract
import HomePluginKit
import PluginHost
import SessionContract
import WindowContract

/// The started tray plugin: its command, with what the tray needs.
final class TrayPluginInstance: Plugin {
    func start(_ context: PluginContext) async throws {
        let services = TrayServices(
            session: try context.resolve(SessionCapabilities.access), connections: try context.resolve(ConnectionCapabilities.connections),
            notifications: try context.resolve(AgentCapabilities.notificationHistory),
            openers: { context.contributions(to: WindowPoints.openers).map(\.value) }, logger: context.logger
        )
        try context.contribute(command: TrayCommand(services: services))
    }

    func stop() async {}
}
