import DeviceModel
import PluginHost

/// The home-devices plugin's manifest configuration.
struct HomeDevicesConfiguration: Decodable, Sendable {
    /// Whether commands are checked against the device before they are sent (default true);
    /// `--no-validate` turns it off for one command.
    let strictOperationValidation: Bool?
    /// How long a command waits for the state it causes, in seconds (default 15).
    let commandTimeout: Double?
    /// The device types and traits automations may use (such as light, on_off, time), as the
    /// seed's `referencedAutomationTypes`; empty or absent allows all.
    let referencedAutomationTypes: ReferencedAutomationTypes

    private enum CodingKeys: String, CodingKey {
        case strictOperationValidation, commandTimeout, referencedAutomationTypes
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        strictOperationValidation = try container.decodeIfPresent(Bool.self, forKey: .strictOperationValidation)
        commandTimeout = try container.decodeIfPresent(Double.self, forKey: .commandTimeout)
        do {
            referencedAutomationTypes = try ReferencedAutomationTypes(names: try container.decodeIfPresent([String].self, forKey: .referencedAutomationTypes) ?? [])
        } catch let error as DeviceModelError {
            throw ConfigurationError(key: "referencedAutomationTypes", reason: error.description)
        }
        if let commandTimeout, !(1...600).contains(commandTimeout) {
            throw ConfigurationError(key: "commandTimeout", reason: "\(commandTimeout) is out of range; use 1 to 600 seconds")
        }
    }
}
