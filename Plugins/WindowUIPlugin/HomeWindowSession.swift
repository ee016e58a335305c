import CompanionWindow
import Essentials
import Foundation
import HomeAPI
import WindowBridge

/// The window's session: the stored session of one server, its tokens refreshed by the session
/// itself, and `home logout`'s sign-out.
struct HomeWindowSession: WindowSession {
    let home: Home
    let server: URL

    init(home: Home) throws {
        // The window loads the frontend where the server is reached from here.
        guard let server = URL(string: "\(home.address)") else { throw WindowSessionError(description: "\(home.address) is not a URL") }
        self.home = home
        self.server = server
    }

    func externalToken(force: Bool) async -> ExternalToken? {
        do {
            let token = try await home.tokenProvider.accessToken(forceRefresh: force)
            return ExternalToken(accessToken: token, expiresIn: AccessTokenLifetime.secondsLeft(of: token) ?? AccessTokenLifetime.assumed)
        } catch {
            Current.logger("window").warning("no token for the frontend: \(error)")
            return nil
        }
    }

    func signOut() async throws {
        if !(await home.disconnect()) {
            Current.logger("window").warning("the server could not be reached to revoke the session; its tokens and data were removed here")
        }
    }
}
