import Foundation

/// Where the daily counts per push token live: SQLite for one process, Redis for several
/// that share one limit. Counts reset at 00:00 UTC.
public protocol RateLimitStore: Sendable {
    /// Takes one of today's deliveries for `token` if any is left, atomically across every
    /// process sharing the store. Returns nil when the limit is reached (nothing is taken).
    func reserve(_ token: String, maximum: Int, at date: Date) throws -> RateLimitStatus?

    /// Records how a reserved delivery went.
    func complete(_ token: String, success: Bool, maximum: Int, at date: Date) throws -> RateLimitStatus

    /// Today's counts for `token`, taking nothing.
    func status(of token: String, maximum: Int, at date: Date) throws -> RateLimitStatus

    /// Writes out what is still only in memory, before the relay stops.
    func stop()
}
