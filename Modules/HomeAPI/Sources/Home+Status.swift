import FoundationEssentials
import Networking

extension Home {
    /// Checks the session on the server: version, user and connection state. An unreachable
    /// server gives a status with the reason; a revoked session throws (after wiping it).
    public func status() async throws -> HomeStatus {
        let (version, user, connection): (String?, String?, String) = try await perform {
            do {
                return try await withConnection { connection in
                    let answer = try await connection.send("auth/current_user")
                    var user: String?
                    if case .string(let name)? = answer.objectValue?["name"] { user = name }
                    let state = await connection.state
                    guard case .ready(let version) = state else { return (nil, user, state.description) }
                    return (version, user, state.description)
                }
            } catch HomeAssistantError.notReady(let waited) {
                return (nil, nil, "disconnected: the server did not answer within \(Int(waited)) s")
            }
        }
        let stored = await session.stored
        return HomeStatus(
            server: server.description, address: address.description, version: version, user: user, accessTokenExpires: stored.isLongLived ? nil : stored.expiresAt,
            kind: stored.isLongLived ? "long-lived" : "refreshable", connection: connection
        )
    }
}
