import ConnectionContract
import HomePluginKit
import PluginHost
import SessionContract
import ThreadContract

/// Thread credentials: the dataset store, sync with the server's `thread` integration, border
/// routers. Contributes `thread`.
public final class ThreadPlugin: Plugin {
    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = BuiltInPluginFactory(
        descriptor: PluginDescriptor(
            id: "thread", version: SemanticVersion(1, 0, 0),
            summary: "Thread networks: datasets (0600 store), PSKc, sync with Home Assistant, OpenThread border routers: thread",
            provides: [ThreadCapabilities.sharing.id], requires: [SessionCapabilities.access.id, ConnectionCapabilities.connections.id],
            contributes: [
                ThreadCommand.declaration,
                ContributionDeclaration(point: SessionCapabilities.serverForgetting.name, name: "thread", summary: "the Thread datasets a server gave"),
            ],
            configurationKeys: ["borderRouterTimeout"], failurePolicy: .degrade
        ),
        configuration: ThreadConfiguration.self
    ) { configuration in
        ThreadPlugin(configuration: configuration)
    }

    private let configuration: ThreadConfiguration

    init(configuration: ThreadConfiguration) {
        self.configuration = configuration
    }

    public func start(_ context: PluginContext) async throws {
        let services = ThreadServices(
            session: try context.resolve(SessionCapabilities.access), connections: try context.resolve(ConnectionCapabilities.connections),
            borderRouterTimeout: configuration.borderRouterTimeout ?? 10
        )
        try context.provide(ThreadCapabilities.sharing, StoredThreadNetworks(services: services))
        try context.contribute(command: ThreadCommand(services: services))
        try context.contribute(SessionCapabilities.serverForgetting, name: "thread", ThreadServerForgetting(services: services))
    }

    public func stop() async {}
}
