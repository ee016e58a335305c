import Essentials
import Foundation

/// The relay's provider manifest: which provider plugin delivers for which app ids, in order,
/// and each one's configuration.
///
/// ```json
/// { "providers": [
///     { "id": "apns", "appIDs": ["io.robbie.HomeAssistant"], "configuration": { "keyFile": "…", "keyID": "…", "teamID": "…", "topic": "…" } },
///     { "id": "fcm", "appIDs": ["io.homeassistant.companion.android"], "configuration": { "serviceAccountFile": "…" } },
///     { "id": "stream", "appIDs": ["*"] } ] }
/// ```
public enum ProviderManifest {
    /// The provider plugins the relay knows, by id.
    public static let known: [String: @Sendable ([String: JSONValue]) throws -> (any PushProvider)?] = [
        "stream": { _ in nil },
        "apns": { try APNsProvider(configuration: APNsConfiguration($0)) },
        "fcm": { try FCMProvider(configuration: FCMConfiguration($0)) },
    ]

    /// Reads and starts the providers a manifest names; every problem names its entry.
    public static func load(_ bytes: [UInt8], source: String) throws -> [ProviderRoute] {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw RelayConfigurationError("the provider manifest \(source) is not JSON: \(error)")
        }
        guard case .array(let entries)? = value.objectValue?["providers"], !entries.isEmpty else {
            throw RelayConfigurationError("the provider manifest \(source) needs a non-empty \"providers\" list")
        }
        return try entries.enumerated().map { index, entry in
            let place = "\(source): providers[\(index)]"
            guard let object = entry.objectValue, case .string(let id)? = object["id"] else { throw RelayConfigurationError("\(place) has no id") }
            guard let make = known[id] else {
                throw RelayConfigurationError("\(place): unknown provider '\(id)'; known: \(known.keys.sorted().joined(separator: ", "))")
            }
            guard case .array(let list)? = object["appIDs"], !list.isEmpty else { throw RelayConfigurationError("\(place) (\(id)) needs an appIDs list") }
            let appIDs = try list.map { item -> String in
                guard case .string(let appID) = item, !appID.isEmpty else { throw RelayConfigurationError("\(place) (\(id)): appIDs holds a non-string") }
                return appID
            }
            do {
                return ProviderRoute(id: id, appIDs: appIDs, provider: try make(object["configuration"]?.objectValue ?? [:]))
            } catch let error as RelayConfigurationError {
                throw RelayConfigurationError("\(place) (\(id)): \(error.message)")
            }
        }
    }
}
