/// A device from `config/device_registry/list`.
public struct DeviceRegistryEntry: Codable, Sendable, Hashable {
    /// The device's id in the registry.
    public let id: String
    /// The name its integration gave it.
    public let name: String?
    /// The name the user gave it, which wins over `name`.
    public let nameByUser: String?
    /// The area it is in, if any.
    public let areaID: String?
    /// The config entries (integrations) that provide it.
    public let configEntries: [String]
    /// Where the device itself is configured, if it says.
    public let configurationURL: String?
    /// Pairs such as `["mac", "aa:bb:…"]`.
    public let connections: [[String]]
    /// Pairs such as `["demo", "id"]`.
    public let identifiers: [[String]]
    /// Who disabled it (`user`, `integration`, …), nil when enabled.
    public let disabledBy: String?
    /// `service` for a service rather than a physical device.
    public let entryType: String?
    /// Its maker.
    public let manufacturer: String?
    /// Its model.
    public let model: String?
    /// Its hardware version.
    public let hwVersion: String?
    /// Its firmware or software version.
    public let swVersion: String?
    /// Its serial number.
    public let serialNumber: String?
    /// The device it is reached through (a hub or bridge), if any.
    public let viaDeviceID: String?

    enum CodingKeys: String, CodingKey {
        case id, name, connections, identifiers, manufacturer, model
        case nameByUser = "name_by_user"
        case areaID = "area_id"
        case configEntries = "config_entries"
        case configurationURL = "configuration_url"
        case disabledBy = "disabled_by"
        case entryType = "entry_type"
        case hwVersion = "hw_version"
        case swVersion = "sw_version"
        case serialNumber = "serial_number"
        case viaDeviceID = "via_device_id"
    }
}
