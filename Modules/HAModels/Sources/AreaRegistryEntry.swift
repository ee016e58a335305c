/// An area from `config/area_registry/list`.
public struct AreaRegistryEntry: Codable, Sendable, Hashable {
    /// The area's id (`living_room`).
    public let areaID: String
    /// The name people see.
    public let name: String
    /// Other names Assist understands for it.
    public let aliases: [String]
    /// Its icon (`mdi:sofa`), if one was chosen.
    public let icon: String?
    /// The URL path of its picture, if one was set.
    public let picture: String?

    enum CodingKeys: String, CodingKey {
        case areaID = "area_id"
        case name, aliases, icon, picture
    }
}
