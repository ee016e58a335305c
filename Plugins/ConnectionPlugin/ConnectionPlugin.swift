import ConnectionContract
import HomePluginKit
import Networking
import PluginHost
import SessionContract

/// The connection and the entity store: provides ``ConnectionFactory`` and contributes the
/// commands that read and change states (`states`, `call`, `watch`).
public final class ConnectionPlugin: Plugin {
    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = BuiltInPluginFactory(
        descriptor: PluginDescriptor(
            id: "connection", version: SemanticVersion(1, 0, 0),
            summary: "The WebSocket connection and the live entity store; REST states and service calls: states, call, watch, status-line",
            provides: [ConnectionCapabilities.connections.id], requires: [SessionCapabilities.access.id],
            contributes: [StatesCommand.declaration, CallCommand.declaration, WatchCommand.declaration, StatusLineCommand.declaration],
            configurationKeys: ["pingInterval", "maximumReconnectDelay"]
        ),
        configuration: ConnectionConfiguration.self
    ) { configuration in
        ConnectionPlugin(configuration: configuration)
    }

    private let configuration: ConnectionConfiguration

    init(configuration: ConnectionConfiguration) {
        self.configuration = configuration
    }

    public func start(_ context: PluginContext) async throws {
        var options = ConnectionOptions()
        if let interval = configuration.pingInterval { options.pingInterval = interval }
        if let delay = configuration.maximumReconnectDelay { options.maximumReconnectDelay = delay }
        let connections = ConfiguredConnections(options: options)
        let session = try context.resolve(SessionCapabilities.access)
        try context.provide(ConnectionCapabilities.connections, connections)
        try context.contribute(command: StatesCommand(session: session))
        try context.contribute(command: CallCommand(session: session))
        try context.contribute(command: WatchCommand(session: session, connections: connections))
        try context.contribute(command: StatusLineCommand(session: session, connections: connections))
    }

    public func stop() async {}
}
