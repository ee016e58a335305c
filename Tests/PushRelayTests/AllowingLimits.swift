import Foundation
import PushRelay

/// Rate limits that always allow, for tests of what happens after the limit check.
struct AllowingLimits: RateLimitStore {
    private let status = RateLimitStatus(successful: 0, errors: 0, maximum: 1000, resetsAt: Date(timeIntervalSince1970: 86_400))

    func reserve(_ token: String, maximum: Int, at date: Date) throws -> RateLimitStatus? { status }
    func complete(_ token: String, success: Bool, maximum: Int, at date: Date) throws -> RateLimitStatus { status }
    func status(of token: String, maximum: Int, at date: Date) throws -> RateLimitStatus { status }
    func stop() {}
}
