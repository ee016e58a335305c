import Essentials
import Networking

/// WebSocket commands as the test server's owner (its long-lived token), for checking and
/// changing the server behind the client's back.
struct AdminConnection {
    let server: IntegrationEnvironment

    func send(_ type: String, _ fields: [String: JSONValue] = [:]) async throws -> JSONValue {
        let connection = HomeAssistantConnection(address: try ServerAddress(server.url), tokenProvider: StaticTokenProvider(server.token))
        await connection.start()
        do {
            let answer = try await connection.send(type, fields)
            await connection.stop()
            return answer
        } catch {
            await connection.stop()
            throw error
        }
    }

    /// Deletes, on the server, every refresh token issued to `clientID`: access revoked from the server side.
    func revokeTokens(of clientID: String) async throws -> Int {
        guard case .array(let tokens) = try await send("auth/refresh_tokens") else { return 0 }
        var deleted = 0
        for token in tokens {
            guard let object = token.objectValue, object["client_id"] == .string(clientID), case .string(let id)? = object["id"] else { continue }
            _ = try await send("auth/delete_refresh_token", ["refresh_token_id": .string(id)])
            deleted += 1
        }
        return deleted
    }
}
