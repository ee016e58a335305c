import Auth
import Foundation
import Synchronization

/// A token endpoint for tests of the session's refresh logic: counts refreshes, answers after
/// a pause (so concurrent callers overlap), or refuses as a revoked server does.
final class CountingGranting: TokenGranting {
    private let calls = Mutex(0)
    let revoked: Bool

    init(revoked: Bool = false) {
        self.revoked = revoked
    }

    var count: Int { calls.withLock { $0 } }

    func refresh(refreshToken: String, clientID: String) async throws -> TokenGrant {
        let number = calls.withLock { count -> Int in
            count += 1
            return count
        }
        try await Task.sleep(nanoseconds: 100_000_000)
        if revoked { throw AuthError.revoked }
        return TokenGrant(accessToken: AccessToken("access-\(number)")!, refreshToken: nil, expiresAt: Date().addingTimeInterval(1800))
    }
}
