/// A room: a Home Assistant area, in the structure (server) it belongs to.
public struct Room: Sendable, Equatable, Codable {
    public let id: String
    public let name: String
    public let icon: String?
    public let aliases: [String]
    /// The ``Structure/id`` of its server.
    public let structureID: String
}
