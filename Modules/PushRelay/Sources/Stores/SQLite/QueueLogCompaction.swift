/// A compacted copy of the queue's log being made beside it (``QueueLogFile/copyLive(_:nextID:)``),
/// to be put in its place by ``QueueLogFile/finish(_:moved:)`` or dropped by ``QueueLogFile/abandon(_:)``.
struct QueueLogCompaction: Sendable {
    /// The copy, open, and where it lies until it is renamed.
    let descriptor: Int32
    let path: String
    /// Where the copied records end in the copy.
    let written: Int64
    /// Where the log ended when the copy began: records from there on are appended to the copy as they are.
    let copiedThrough: Int64
    /// The ids copied, in order, and where each one's payload lies in the copy.
    let ids: [Int64]
    let positions: [Int64]
}
