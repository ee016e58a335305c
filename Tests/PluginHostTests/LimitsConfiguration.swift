import PluginHost

/// A test configuration with a nested object and a value constraint.
struct LimitsConfiguration: Decodable, Sendable {
    struct Limits: Decodable, Sendable {
        let daily: Int

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            daily = try container.decode(Int.self, forKey: .daily)
            guard daily >= 1 else { throw ConfigurationError(key: "limits.daily", reason: "must be at least 1") }
        }

        private enum CodingKeys: String, CodingKey { case daily }
    }

    let name: String?
    let limits: Limits
}
