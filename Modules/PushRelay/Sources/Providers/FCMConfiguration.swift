import Essentials
import Foundation

/// What the FCM provider needs: a service account file (as Google issues it: `project_id`,
/// `client_email`, `private_key`, `token_uri`), and optionally another endpoint or CA for tests.
public struct FCMConfiguration: Sendable, Equatable {
    /// Google's endpoint.
    public static let endpoint = "https://fcm.googleapis.com"

    /// The Firebase project id.
    public var projectID: String
    /// The service account's email.
    public var clientEmail: String
    /// The service account's private key (PEM).
    public var privateKey: String
    /// Where access tokens are asked for.
    public var tokenURI: String
    /// The endpoint, Google's unless testing.
    public var endpoint = FCMConfiguration.endpoint
    /// A CA bundle to verify the endpoint with, for tests against a local stand-in.
    public var caFile: String?

    /// Reads the manifest entry's `configuration` (`serviceAccountFile`, `endpoint`, `caFile`).
    public init(_ object: [String: JSONValue]) throws {
        guard case .string(let path)? = object["serviceAccountFile"] else {
            throw RelayConfigurationError("the fcm provider needs configuration.serviceAccountFile")
        }
        let account: [String: JSONValue]
        do {
            account = try JSONParser.parse([UInt8](Data(contentsOf: URL(fileURLWithPath: path)))).objectValue ?? [:]
        } catch {
            throw RelayConfigurationError("the service account \(path) cannot be read: \(error)")
        }
        func text(_ key: String) throws -> String {
            guard case .string(let value)? = account[key], !value.isEmpty else { throw RelayConfigurationError("the service account \(path) has no \(key)") }
            return value
        }
        projectID = try text("project_id")
        clientEmail = try text("client_email")
        privateKey = try text("private_key")
        tokenURI = try text("token_uri")
        if case .string(let value)? = object["endpoint"] { endpoint = value }
        if case .string(let value)? = object["caFile"] { caFile = value }
    }
}
