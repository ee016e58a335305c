/// One push token's counts for one day, as the SQLite store keeps them in memory.
struct DailyCount {
    /// Deliveries taken, including those still under way.
    var reserved = 0
    var successful = 0
    var errors = 0
    /// Whether a change waits to be written (its token is listed to be written, or in the round
    /// being written): a count changed again meanwhile is listed once, not once per change.
    var unwritten = false

    /// Whether `other` holds the same counts, written or not.
    func counts(as other: DailyCount) -> Bool {
        (reserved, successful, errors) == (other.reserved, other.successful, other.errors)
    }
}
