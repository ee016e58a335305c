import Essentials
import FoundationEssentials

/// What the token endpoint hands out: an access token, its expiry, and (for a new sign-in) a refresh token.
public struct TokenGrant: Sendable, Equatable, CustomStringConvertible, CustomReflectable {
    public let accessToken: AccessToken
    /// Present after exchanging a code; a refresh answers without one.
    public let refreshToken: String?
    public let expiresAt: Date

    public init(accessToken: AccessToken, refreshToken: String?, expiresAt: Date) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
    }

    /// Reads the token endpoint's answer, received at `now`.
    init(json: JSONValue, now: Date) throws {
        let object = json.objectValue ?? [:]
        guard case .string(let access)? = object["access_token"], let token = AccessToken(access) else {
            throw AuthError.invalidResponse("the token answer has no access_token")
        }
        let lifetime: Double
        switch object["expires_in"] {
        case .integer(let seconds)?: lifetime = Double(seconds)
        case .double(let seconds)?: lifetime = seconds
        default: throw AuthError.invalidResponse("the token answer has no expires_in")
        }
        var refresh: String?
        if case .string(let value)? = object["refresh_token"] { refresh = value }
        self.init(accessToken: token, refreshToken: refresh, expiresAt: now.addingTimeInterval(lifetime))
    }

    public var description: String { "TokenGrant(expires: \(expiresAt), refresh token: \(refreshToken == nil ? "none" : "<redacted>"))" }
    public var customMirror: Mirror { Mirror(self, children: ["expiresAt": expiresAt]) }
}
