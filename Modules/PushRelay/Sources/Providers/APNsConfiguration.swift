import Essentials
import Foundation

/// What the APNs provider needs: the token-signing key (a .p8 file), its key id, the team id,
/// the app's bundle id (`apns-topic`), and the endpoint.
public struct APNsConfiguration: Sendable, Equatable {
    public static let production = "https://api.push.apple.com"
    public static let sandbox = "https://api.sandbox.push.apple.com"

    public var keyFile: String
    public var keyID: String
    public var teamID: String
    public var topic: String
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
