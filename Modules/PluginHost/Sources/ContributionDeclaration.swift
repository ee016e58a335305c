import Essentials

/// One entry a plugin says it contributes to an extension point, declared before it starts, so
/// that `home --help` can list a command without starting the plugin that owns it.
public struct ContributionDeclaration: Sendable, Equatable, Codable {
    /// The extension point's name, such as `commands` or `agent.sensor-sources`.
    public let point: String
    /// The entry's name within the point: a command's word, a sensor's unique id.
    public let name: String
    /// One line saying what it is or does.
    public let summary: String
    /// What the point's consumer needs to know before the entry runs (a command's usage and
    /// options, a sensor's unit); the point defines the keys.
    public let metadata: [String: JSONValue]

    /// Creates a declaration.
    public init(point: String, name: String, summary: String = "", metadata: [String: JSONValue] = [:]) {
        self.point = point
        self.name = name
        self.summary = summary
        self.metadata = metadata
    }

    private enum CodingKeys: String, CodingKey {
        case point, name, summary, metadata
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        point = try container.decode(String.self, forKey: .point)
        name = try container.decode(String.self, forKey: .name)
        summary = try container.decodeIfPresent(String.self, forKey: .summary) ?? ""
        metadata = try container.decodeIfPresent([String: JSONValue].self, forKey: .metadata) ?? [:]
    }
}
