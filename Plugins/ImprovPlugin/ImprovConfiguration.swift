import PluginHost

/// The improv plugin's manifest configuration.
struct ImprovConfiguration: Decodable, Sendable {
    /// The serial speed (default 115200, as ESPHome uses).
    let baud: Int?
    /// The Bluetooth adapter (hci0, hci1, …; default the first BlueZ has).
    let adapter: String?

    private enum CodingKeys: String, CodingKey {
        case baud, adapter
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        baud = try container.decodeIfPresent(Int.self, forKey: .baud)
        if let baud, ![9_600, 19_200, 38_400, 57_600, 115_200, 230_400, 460_800, 921_600].contains(baud) {
            throw ConfigurationError(key: "baud", reason: "\(baud) is not a supported speed (9600 to 921600)")
        }
        adapter = try container.decodeIfPresent(String.self, forKey: .adapter)
        if let adapter, !(adapter.hasPrefix("hci") && adapter.count <= 6 && !adapter.dropFirst(3).isEmpty && adapter.dropFirst(3).allSatisfy(\.isNumber)) {
            throw ConfigurationError(key: "adapter", reason: "'\(adapter)' is not an adapter name such as hci0")
        }
    }
}
