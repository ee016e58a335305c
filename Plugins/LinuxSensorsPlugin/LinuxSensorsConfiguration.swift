
/// The linux-sensors plugin's configuration: sensor ids to leave out entirely (not even listed).
struct LinuxSensorsConfiguration: Decodable, Sendable {
    let exclude: [String]

    private enum CodingKeys: String, CodingKey {
        case exclude
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        exclude = try container.decodeIfPresent([String].self, forKey: .exclude) ?? []
    }
}
