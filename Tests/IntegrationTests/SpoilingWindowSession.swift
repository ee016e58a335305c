import CompanionWindow
import Foundation
import Synchronization
import WindowBridge

/// A window session that hands the frontend a spoiled token until it asks with `force`, and
/// records every request, to see the frontend recover the way it does when a token goes bad.
final class SpoilingWindowSession: WindowSession {
    let wrapped: any WindowSession
    let requests = Mutex<[Bool]>([])
    private let spoiled = Mutex(true)

    init(_ wrapped: any WindowSession) {
        self.wrapped = wrapped
    }

    var server: URL { wrapped.server }

    func externalToken(force: Bool) async -> ExternalToken? {
        requests.withLock { $0.append(force) }
        if force { spoiled.withLock { $0 = false } }
        guard spoiled.withLock({ !$0 }) else { return ExternalToken(accessToken: "spoiled.token.value", expiresIn: 1_800) }
        return await wrapped.externalToken(force: force)
    }

    func signOut() async throws {
        try await wrapped.signOut()
    }
}
