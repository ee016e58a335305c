/// A compacted copy of the queue's log made beside it (``QueueLogFile/copyLive(_:nextID:copiedThrough:)``),
/// to be put in its place by ``QueueLogFile/finish(_:)`` or dropped by ``QueueLogFile/abandon(_:)``,
/// and where it moved each payload (``newPosition(of:)``).
struct QueueLogCompaction: Sendable {
    /// The copy, open, and where it lies until it is renamed.
    let descriptor: Int32
    let path: String
    /// Where the log ended when its live records were taken (an offset in the file); what was
    /// appended from there on is copied as it is, `tailShift` bytes away.
    let copiedThrough: Int64
    let tailShift: Int64
    /// How far the appended records were copied already (beside the writer).
    let caughtUpThrough: Int64
    /// The copied live records as runs of neighbours: from each start (an offset in the log,
    /// ascending), payloads moved by its shift.
    let runStarts: [Int64]
    let runShifts: [Int64]
    /// The positions' tag in the log (``QueueLogFile/tagBit``), and in the copy.
    let fromTag: Int64
    let toTag: Int64

    /// Where the payload at `position` (tagged `fromTag`) lies in the copy: a live one, or one
    /// appended after the copy began.
    func newPosition(of position: Int64) -> Int64 {
        let offset = position - fromTag
        guard offset < copiedThrough else { return offset + tailShift + toTag }
        var low = 0, high = runStarts.count
        while low < high {
            let middle = (low + high) / 2
            if runStarts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return offset + (low > 0 ? runShifts[low - 1] : 0) + toTag
    }
}
