import Essentials
import FoundationEssentials
import Networking
import Transport

/// `/auth/token` and `/auth/revoke`: exchange an authorization code, refresh, and revoke.
public struct TokenEndpoint: TokenGranting {
    private let http: AuthHTTP

    public init(address: ServerAddress, http: HTTPClient = HTTPClient()) {
        self.http = AuthHTTP(address: address, http: http)
    }

    /// Exchanges the code the login flow or the browser returned for tokens.
    public func exchange(code: String, clientID: String) async throws -> TokenGrant {
        let grant = try await token([("grant_type", "authorization_code"), ("code", code), ("client_id", clientID)])
        guard grant.refreshToken != nil else { throw AuthError.invalidResponse("the code exchange returned no refresh_token") }
        return grant
    }

    public func refresh(refreshToken: String, clientID: String) async throws -> TokenGrant {
        try await token([("grant_type", "refresh_token"), ("refresh_token", refreshToken), ("client_id", clientID)])
    }

    /// Revokes `refreshToken` and every access token made from it. The server answers 200 even
    /// for an unknown token, so this only fails when the server cannot be reached.
    public func revoke(refreshToken: String) async throws {
        let (status, body) = try await http.send("POST", "/auth/revoke", form: [("token", refreshToken)])
        guard (200..<300).contains(status) else { throw AuthError.server(status: status, message: AuthHTTP.message(in: body)) }
    }

    private func token(_ form: [(String, String)]) async throws -> TokenGrant {
        let (status, body) = try await http.send("POST", "/auth/token", form: form)
        var error: String?
        if case .string(let code)? = body.objectValue?["error"] { error = code }
        switch (status, error) {
        case (200..<300, _):
            return try TokenGrant(json: body, now: Current.now())
        case (400, "invalid_grant"?), (403, "access_denied"?):
            throw AuthError.revoked
        case (400, "invalid_client"?):
            throw AuthError.invalidClient("the client id does not match the one the session was issued to")
        case (403, _):
            throw AuthError.tooManyAttempts
        default:
            throw AuthError.server(status: status, message: AuthHTTP.message(in: body))
        }
    }
}
