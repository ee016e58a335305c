import PluginHost

/// The thread plugin's manifest configuration.
struct ThreadConfiguration: Decodable, Sendable {
    /// How long a border router request may take, in seconds (default 10).
    let borderRouterTimeout: Double?

    private enum CodingKeys: String, CodingKey {
        case borderRouterTimeout
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        borderRouterTimeout = try container.decodeIfPresent(Double.self, forKey: .borderRouterTimeout)
        if let borderRouterTimeout, !(1...120).contains(borderRouterTimeout) {
            throw ConfigurationError(key: "borderRouterTimeout", reason: "\(borderRouterTimeout) is out of range; use 1 to 120 seconds")
        }
    }
}
