import PluginHost

/// The home-devices plugin's manifest configuration.
struct HomeDevicesConfiguration: Decodable, Sendable {
    /// Whether commands are checked against the device before they are sent (default true);
    /// `--no-validate` turns it off for one command.
    let strictOperationValidation: Bool?
    /// How long a command waits for the state it causes, in seconds (default 15).
    let commandTimeout: Double?
    /// The domains automations may use (such as light, switch); empty or absent allows all.
    let referencedAutomationTypes: [String]?

    private enum CodingKeys: String, CodingKey {
        case strictOperationValidation, commandTimeout, referencedAutomationTypes
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        strictOperationValidation = try container.decodeIfPresent(Bool.self, forKey: .strictOperationValidation)
        commandTimeout = try container.decodeIfPresent(Double.self, forKey: .commandTimeout)
        referencedAutomationTypes = try container.decodeIfPresent([String].self, forKey: .referencedAutomationTypes)
        for domain in referencedAutomationTypes ?? [] where domain.isEmpty || !domain.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "_" }) {
            throw ConfigurationError(key: "referencedAutomationTypes", reason: "'\(domain)' is not a domain such as light or switch")
        }
        if let commandTimeout, !(1...600).contains(commandTimeout) {
            throw ConfigurationError(key: "commandTimeout", reason: "\(commandTimeout) is out of range; use 1 to 600 seconds")
        }
    }
}
