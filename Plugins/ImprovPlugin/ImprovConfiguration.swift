import PluginHost

/// The improv plugin's manifest configuration.
struct ImprovConfiguration: Decodable, Sendable {
    /// The serial speed (default 115200, as ESPHome uses).
    let baud: Int?

    private enum CodingKeys: String, CodingKey {
        case baud
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        baud = try container.decodeIfPresent(Int.self, forKey: .baud)
        if let baud, ![9_600, 19_200, 38_400, 57_600, 115_200, 230_400, 460_800, 921_600].contains(baud) {
            throw ConfigurationError(key: "baud", reason: "\(baud) is not a supported speed (9600 to 921600)")
        }
    }
}
