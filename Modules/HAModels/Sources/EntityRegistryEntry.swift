import Essentials

/// An entity from `config/entity_registry/list`.
public struct EntityRegistryEntry: Codable, Sendable, Hashable {
    public let id: String
    public let entityID: String
    public let uniqueID: String
    public let platform: String
    public let name: String?
    public let originalName: String?
    public let icon: String?
    public let areaID: String?
    public let deviceID: String?
    public let configEntryID: String?
    public let disabledBy: String?
    public let hiddenBy: String?
    public let entityCategory: String?
    public let hasEntityName: Bool
    public let translationKey: String?
    public let labels: [String]
    public let options: [String: JSONValue]

    enum CodingKeys: String, CodingKey {
        case id, platform, name, icon, labels, options
        case entityID = "entity_id"
        case uniqueID = "unique_id"
        case originalName = "original_name"
        case areaID = "area_id"
        case deviceID = "device_id"
        case configEntryID = "config_entry_id"
        case disabledBy = "disabled_by"
        case hiddenBy = "hidden_by"
        case entityCategory = "entity_category"
        case hasEntityName = "has_entity_name"
        case translationKey = "translation_key"
    }
}
