import Essentials

/// An entity from `config/entity_registry/list`.
public struct EntityRegistryEntry: Codable, Sendable, Hashable {
    /// The registry entry's own id.
    public let id: String
    /// The entity id (`light.kitchen`).
    public let entityID: String
    /// The id its integration gives it, stable across renames.
    public let uniqueID: String
    /// The integration that provides it (`hue`, `mobile_app`).
    public let platform: String
    /// The name the user gave it, if any.
    public let name: String?
    /// The name its integration gave it.
    public let originalName: String?
    /// The icon the user chose, if any.
    public let icon: String?
    /// Its own area, when it differs from its device's.
    public let areaID: String?
    /// The device it belongs to, if any.
    public let deviceID: String?
    /// The config entry that provides it, if any.
    public let configEntryID: String?
    /// Who disabled it, nil when enabled.
    public let disabledBy: String?
    /// Who hid it, nil when shown.
    public let hiddenBy: String?
    /// `config` or `diagnostic` for an entity that is not a primary one.
    public let entityCategory: String?
    /// Whether its name is relative to its device's (modern integrations).
    public let hasEntityName: Bool
    /// The key its name is translated by, if any.
    public let translationKey: String?
    /// The labels the user put on it.
    public let labels: [String]
    /// Per-domain options (such as a sensor's display unit).
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
