/// What one write of a rate-limit round wrote, handed from the write to its completion (both on
/// the writer thread, one after the other).
final class WrittenSlice: @unchecked Sendable {
    var counts: [(entry: CountEntry, count: DailyCount)] = []
}
