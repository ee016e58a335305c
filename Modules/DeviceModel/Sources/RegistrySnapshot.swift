import HAModels

/// The three registries as last read from the server.
public struct RegistrySnapshot: Sendable, Equatable {
    public var areas: [AreaRegistryEntry]
    public var devices: [DeviceRegistryEntry]
    public var entities: [EntityRegistryEntry]

    public init(areas: [AreaRegistryEntry], devices: [DeviceRegistryEntry], entities: [EntityRegistryEntry]) {
        self.areas = areas
        self.devices = devices
        self.entities = entities
    }
}
