import ConnectionContract
import HomePluginKit
import PluginHost
import SessionContract

/// Improv Wi-Fi provisioning over Bluetooth LE (BlueZ) or a serial port, then the device's integration on the server.
/// Contributes `improv`.
public final class ImprovPlugin: Plugin {
    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = BuiltInPluginFactory(
        descriptor: PluginDescriptor(
            id: "improv", version: SemanticVersion(1, 0, 0),
            summary: "Improv Wi-Fi provisioning over Bluetooth LE or serial, then the device's integration on the server: improv",
            requires: [SessionCapabilities.access.id, ConnectionCapabilities.connections.id],
            contributes: [ImprovCommandGroup.declaration],
            configurationKeys: ["baud", "adapter"], failurePolicy: .degrade
        ),
        configuration: ImprovConfiguration.self
    ) { configuration in
        ImprovPlugin(configuration: configuration)
    }

    private let configuration: ImprovConfiguration

    init(configuration: ImprovConfiguration) {
        self.configuration = configuration
    }

    public func start(_ context: PluginContext) async throws {
        try context.contribute(command: ImprovCommandGroup(
            session: try context.resolve(SessionCapabilities.access), connections: try context.resolve(ConnectionCapabilities.connections),
            baud: configuration.baud ?? 115_200, adapter: configuration.adapter
        ))
    }

    public func stop() async {}
}
