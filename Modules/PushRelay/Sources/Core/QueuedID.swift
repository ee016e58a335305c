/// The id a queued notification got, handed from its write to the write's completion (both on
/// the writer thread, one after the other), so that a write that failed after it was indexed can
/// be taken out of the index.
final class QueuedID: @unchecked Sendable {
    var id: Int64?
}
