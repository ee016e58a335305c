import ConnectionContract
import DevicesContract
import HomePluginKit
import PluginHost
import SessionContract

/// The home as devices: provides `devices.model` (``DeviceModelAccess``) over the session and the
/// connection, and contributes `devices`, `device`, `rooms`, `automations`.
public final class HomeDevicesPlugin: Plugin {
    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = BuiltInPluginFactory(
        descriptor: PluginDescriptor(
            id: "home-devices", version: SemanticVersion(1, 0, 0),
            summary: "The home as structures, rooms and devices with typed traits and commands, and automations: devices, device, rooms, automations",
            provides: [DevicesCapabilities.model.id], requires: [SessionCapabilities.access.id, ConnectionCapabilities.connections.id],
            contributes: [DevicesCommand.declaration, DeviceShowCommand.declaration, RoomsCommand.declaration, AutomationsCommand.declaration],
            configurationKeys: ["strictOperationValidation", "commandTimeout", "referencedAutomationTypes"], failurePolicy: .degrade
        ),
        configuration: HomeDevicesConfiguration.self
    ) { configuration in
        HomeDevicesPlugin(configuration: configuration)
    }

    private let configuration: HomeDevicesConfiguration

    init(configuration: HomeDevicesConfiguration) {
        self.configuration = configuration
    }

    public func start(_ context: PluginContext) async throws {
        let access = ConnectedDeviceModels(
            session: try context.resolve(SessionCapabilities.access), connections: try context.resolve(ConnectionCapabilities.connections),
            strictValidation: configuration.strictOperationValidation ?? true, commandTimeout: configuration.commandTimeout ?? 15,
            referencedAutomationTypes: configuration.referencedAutomationTypes
        )
        try context.provide(DevicesCapabilities.model, access)
        try context.contribute(command: DevicesCommand(access: access))
        try context.contribute(command: DeviceShowCommand(access: access))
        try context.contribute(command: RoomsCommand(access: access))
        try context.contribute(command: AutomationsCommand(access: access))
    }

    public func stop() async {}
}
