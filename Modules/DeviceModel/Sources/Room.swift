/// A room: a Home Assistant area.
public struct Room: Sendable, Equatable, Codable {
    public let id: String
    public let name: String
    public let icon: String?
    public let aliases: [String]
}
