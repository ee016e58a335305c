/// One token's count for today in the SQLite rate-limit store's memory, shared by the map of
/// today's counts and the lists of counts waiting to be written: a round's writes and their
/// settling reach each count through it, without looking its key up again in a map of tens of
/// thousands (which they did under the store's lock, while every send waited for that lock).
/// Guarded by the store's lock.
final class CountEntry: @unchecked Sendable {
    let key: TokenKey
    @exclusivity(unchecked) var count: DailyCount
    /// Whether a change waits to be written (the entry is listed to be written, or in the round
    /// being written): a count changed again meanwhile is listed once, not once per change.
    @exclusivity(unchecked) var unwritten = false

    init(key: TokenKey, count: DailyCount) {
        self.key = key
        self.count = count
    }
}
