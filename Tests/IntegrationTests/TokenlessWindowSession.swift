import CompanionWindow
import Foundation
import WindowBridge

/// A window session for a server the test never signs in to: no token, nothing to sign out.
struct TokenlessWindowSession: WindowSession {
    let server: URL

    func externalToken(force: Bool) async -> ExternalToken? { nil }

    func signOut() async throws {}
}
