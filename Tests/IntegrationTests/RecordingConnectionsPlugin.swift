import ConnectionContract
import HomeAPI
import Networking
import PluginHost

/// A second provider of `ha.connections`, as a contributor would write one: it opens connections
/// with the default options and writes down every server it connects to.
final class RecordingConnectionsPlugin: Plugin {
    static let factory: any PluginFactory = BuiltInPluginFactory(
        descriptor: PluginDescriptor(
            id: "recording-connections", version: SemanticVersion(1, 0, 0), summary: "Connections that say where they go",
            provides: [ConnectionCapabilities.connections.id]
        ),
        configuration: RecordingConnectionsConfiguration.self
    ) { _ in
        RecordingConnectionsPlugin()
    }

    /// Every server a connection was opened to, in order, across the test process.
    static let opened = RecordedAddresses()

    func start(_ context: PluginContext) async throws {
        try context.provide(ConnectionCapabilities.connections, RecordingConnections(record: Self.opened))
    }

    func stop() async {}
}
