import Foundation
import Networking

/// A token provider that hands out a fixed token and counts the refreshes asked of it.
final class CountingTokenProvider: TokenProvider, @unchecked Sendable {
    private let token: String
    private let lock = NSLock()
    private var calls: [Bool] = []

    init(_ token: String) { self.token = token }

    var refreshRequests: [Bool] { lock.withLock { calls } }

    func accessToken(forceRefresh: Bool) async throws -> String {
        lock.withLock { calls.append(forceRefresh) }
        return token
    }
}
