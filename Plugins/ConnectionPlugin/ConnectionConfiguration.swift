import PluginHost

/// The connection plugin's manifest configuration: how often to ping and how long to wait.
struct ConnectionConfiguration: Decodable, Sendable {
    /// Seconds between pings while idle (default 60).
    let pingInterval: Double?
    /// The longest wait between reconnect attempts, in seconds (default 30).
    let maximumReconnectDelay: Double?

    private enum CodingKeys: String, CodingKey {
        case pingInterval, maximumReconnectDelay
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        pingInterval = try Self.seconds(container, .pingInterval)
        maximumReconnectDelay = try Self.seconds(container, .maximumReconnectDelay)
    }

    private static func seconds(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Double? {
        guard let value = try container.decodeIfPresent(Double.self, forKey: key) else { return nil }
        guard value >= 1, value <= 3600 else {
            throw ConfigurationError(key: key.stringValue, reason: "\(value) is out of range; use 1 to 3600 seconds")
        }
        return value
    }
}
