/// An area from `config/area_registry/list`.
public struct AreaRegistryEntry: Codable, Sendable, Hashable {
    public let areaID: String
    public let name: String
    public let aliases: [String]
    public let icon: String?
    public let picture: String?

    enum CodingKeys: String, CodingKey {
        case areaID = "area_id"
        case name, aliases, icon, picture
    }
}
