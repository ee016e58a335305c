import Foundation

/// How many push tokens the relay did not issue (the APNs and FCM routes' device tokens) it
/// keeps daily counts for: a sender making up a new token for each request cannot grow the
/// rate-limit state without end. Once today's budget is spent, a token not yet seen today is
/// refused until 00:00 UTC, when the counts (and this set) start over; tokens seen today go on.
/// Per relay process (with Redis, the shared counts hold at most processes × the budget).
final class ProviderTokenBudget: @unchecked Sendable {
    private let limit: Int
    private let schedule = DailyResetSchedule()
    // Guarded by `lock`.
    private var day: Double = -1
    private var seen: Set<TokenKey> = []
    private let lock = NSLock()

    init(limit: Int) {
        self.limit = limit
    }

    /// Whether `key` may be counted today (it is then remembered as seen).
    func admit(_ key: String, at date: Date) -> Bool {
        let today = schedule.windowStart(containing: date).timeIntervalSince1970
        let token = TokenKey(key)
        return lock.withLock {
            if today != day {
                day = today
                seen = []
            }
            if seen.contains(token) { return true }
            guard seen.count < limit else { return false }
            seen.insert(token)
            return true
        }
    }
}
