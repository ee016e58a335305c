/// A room: a Home Assistant area, in the structure (server) it belongs to.
public struct Room: Sendable, Equatable, Codable {
    /// The area id.
    public let id: String
    /// The area's name.
    public let name: String
    /// Its icon (`mdi:…`), if it has one.
    public let icon: String?
    /// Other names people call it.
    public let aliases: [String]
    /// The ``Structure/id`` of its server.
    public let structureID: String
}
