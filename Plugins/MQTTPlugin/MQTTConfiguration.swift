import MQTT
import PluginHost

/// The mqtt plugin's manifest configuration: the broker (`mqtt://HOST[:PORT]` or `mqtts://…`),
/// `username`, `passwordFile` (a file only its owner can read; never the password itself),
/// `caFile` for a private CA, and the topic prefixes (`discoveryPrefix`, default
/// `homeassistant`, as Home Assistant's MQTT integration; `topicPrefix`, default `homecompanion`).
/// Without a broker the plugin runs nothing (its controls are still listed).
struct MQTTConfiguration: Decodable, Sendable {
    let broker: MQTTBroker?
    let username: String?
    let passwordFile: String?
    let caFile: String?
    let discoveryPrefix: String
    let topicPrefix: String

    private enum CodingKeys: String, CodingKey {
        case broker, username, passwordFile, caFile, discoveryPrefix, topicPrefix
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            broker = try container.decodeIfPresent(String.self, forKey: .broker).map { try MQTTBroker(url: $0) }
        } catch let error as MQTTError {
            throw ConfigurationError(key: "broker", reason: error.description)
        }
        username = try container.decodeIfPresent(String.self, forKey: .username)
        passwordFile = try container.decodeIfPresent(String.self, forKey: .passwordFile)
        caFile = try container.decodeIfPresent(String.self, forKey: .caFile)
        discoveryPrefix = try Self.prefix(container, .discoveryPrefix, default: "homeassistant")
        topicPrefix = try Self.prefix(container, .topicPrefix, default: "homecompanion")
        if passwordFile != nil, username == nil { throw ConfigurationError(key: "passwordFile", reason: "a password goes with a username") }
    }

    /// A topic prefix: letters, digits, `_`, `-` and `/` between levels, no wildcard.
    private static func prefix(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys, default fallback: String) throws -> String {
        guard let value = try container.decodeIfPresent(String.self, forKey: key) else { return fallback }
        let allowed = value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-/".contains($0)) }
        guard !value.isEmpty, allowed, !value.hasPrefix("/"), !value.hasSuffix("/"), !value.contains("//") else {
            throw ConfigurationError(key: key.stringValue, reason: "'\(value)' is not a topic prefix such as homeassistant (no wildcards, no empty levels)")
        }
        return value
    }
}
