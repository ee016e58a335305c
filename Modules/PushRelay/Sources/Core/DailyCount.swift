/// One push token's counts for one day, as the SQLite store keeps them in memory.
struct DailyCount: Equatable {
    /// Deliveries taken, including those still under way.
    var reserved = 0
    var successful = 0
    var errors = 0
}
