import ConnectionContract
import HomePluginKit
import PluginHost
import SessionContract
import ThreadContract

/// Matter: reads and writes onboarding payloads (`home matter parse`) and commissions devices
/// into Home Assistant through its Matter integration (`home matter commission`, `share`,
/// `devices`), giving new Thread devices the companion's Thread network.
public enum MatterPlugin {
    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = CommandsPlugin.factory(
        id: "matter", summary: "Matter devices: matter parse, commission, share, devices",
        requires: [SessionCapabilities.access.id, ConnectionCapabilities.connections.id, ThreadCapabilities.sharing.id], commands: [MatterCommand.self]
    ) { context in
        [
            MatterCommand(services: MatterServices(
                session: try context.resolve(SessionCapabilities.access), connections: try context.resolve(ConnectionCapabilities.connections),
                thread: try context.resolve(ThreadCapabilities.sharing)
            )),
        ]
    }
}
