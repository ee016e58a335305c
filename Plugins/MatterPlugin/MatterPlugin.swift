import ConnectionContract
import HomePluginKit
import PluginHost
import SessionContract
import ThreadContract
import WindowContract

/// Matter: reads and writes onboarding payloads (`home matter parse`) and commissions devices
/// into Home Assistant through its Matter integration (`home matter commission`, `share`,
/// `devices`, and the window's "Add Matter device" through `window.matter-commissioners`), giving
/// new Thread devices the companion's Thread network.
public final class MatterPlugin: Plugin {
    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = BuiltInPluginFactory(
        descriptor: PluginDescriptor(
            id: "matter", version: SemanticVersion(1, 0, 0), summary: "Matter devices: matter parse, commission, share, devices",
            requires: [SessionCapabilities.access.id, ConnectionCapabilities.connections.id, ThreadCapabilities.sharing.id],
            contributes: [
                MatterCommand.declaration,
                ContributionDeclaration(point: WindowPoints.matterCommissioners.name, name: "home-assistant", summary: "through the server's Matter integration"),
            ],
            failurePolicy: .degrade
        ),
        configuration: CommandsPluginConfiguration.self
    ) { _ in
        MatterPlugin()
    }

    public func start(_ context: PluginContext) async throws {
        let services = MatterServices(
            session: try context.resolve(SessionCapabilities.access), connections: try context.resolve(ConnectionCapabilities.connections),
            thread: try context.resolve(ThreadCapabilities.sharing)
        )
        try context.contribute(command: MatterCommand(services: services))
        try context.contribute(WindowPoints.matterCommissioners, name: "home-assistant", MatterWindowCommissioning(services: services))
    }

    public func stop() async {}
}
