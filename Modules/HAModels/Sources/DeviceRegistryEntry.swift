/// A device from `config/device_registry/list`.
public struct DeviceRegistryEntry: Codable, Sendable, Hashable {
    public let id: String
    public let name: String?
    public let nameByUser: String?
    public let areaID: String?
    public let configEntries: [String]
    public let configurationURL: String?
    /// Pairs such as `["mac", "aa:bb:…"]`.
    public let connections: [[String]]
    /// Pairs such as `["demo", "id"]`.
    public let identifiers: [[String]]
    public let disabledBy: String?
    public let entryType: String?
    public let manufacturer: String?
    public let model: String?
    public let hwVersion: String?
    public let swVersion: String?
    public let serialNumber: String?
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
