import Essentials
import HomeAPI
import Networking
import SessionContract
import SessionCommandKit

/// The session plugin's ``SessionAccess``: the sessions in the token store, the default server
/// from `HOME_SERVER`.
struct StoredSessions: SessionAccess {
    let client: HomeClient

    func restore(server: String?, advice: String) async throws -> Home {
        guard let home = try await stored(server: server) else {
            throw SessionError.notSignedIn(server: Self.server(option: server), advice: advice)
        }
        return home
    }

    func stored(server: String?) async throws -> Home? {
        try await client.restoreSession(server: Self.server(option: server))
    }

    func credentials(_ selection: ServerSelection) async throws -> ServerCredentials {
        let server = Self.server(option: selection.server)
        if let token = selection.token.flatMap({ $0.isEmpty ? nil : $0 }) {
            guard let server else { throw SessionError.tokenNeedsServer }
            do {
                return ServerCredentials(address: try ServerAddress(server), token: token)
            } catch {
                throw SessionError.invalidServer(server, reason: "\(error)")
            }
        }
        let home = try await restore(server: server, advice: "run 'home login URL' (or give --token-file / HOME_TOKEN)")
        try await home.checkAccess()
        return ServerCredentials(home: home)
    }

    /// `--server`, else `HOME_SERVER`; nil for the default server.
    static func server(option: String?) -> String? {
        (option ?? Current.environment()["HOME_SERVER"]).flatMap { $0.isEmpty ? nil : $0 }
    }
}
