import Essentials
import Foundation

/// What the APNs provider needs: the token-signing key (a .p8 file), its key id, the team id,
/// the app's bundle id (`apns-topic`), and the endpoint.
public struct APNsConfiguration: Sendable, Equatable {
    /// Apple's production endpoint.
    public static let production = "https://api.push.apple.com"
    /// Apple's development (sandbox) endpoint.
    public static let sandbox = "https://api.sandbox.push.apple.com"

    /// The `.p8` key file Apple issued for token authentication.
    public var keyFile: String
    /// The key's id (10 characters).
    public var keyID: String
    /// The Apple developer team id.
    public var teamID: String
    /// The app's bundle id, sent as `apns-topic`.
    public var topic: String
    /// The endpoint, `production` unless testing against the sandbox.
    public var endpoint = production
    /// A CA to trust besides the system's (a local test server).
    public var caFile: String?

    /// Reads the manifest entry's `configuration` object.
    public init(_ object: [String: JSONValue]) throws {
        func text(_ key: String) throws -> String {
            guard case .string(let value)? = object[key], !value.isEmpty else {
                throw RelayConfigurationError("the apns provider needs configuration.\(key)")
            }
            return value
        }
        keyFile = try text("keyFile")
        keyID = try text("keyID")
        teamID = try text("teamID")
        topic = try text("topic")
        if case .string(let value)? = object["endpoint"] { endpoint = value }
        if case .string(let value)? = object["caFile"] { caFile = value }
    }
}
