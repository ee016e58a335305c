/// One change handed to the ``QueueWriter``: what it appends to the batch (and changes in the
/// index), and whom to tell how the batch's write ended.
struct QueueWrite: Sendable {
    let body: @Sendable (inout QueueLogBatch) -> Void
    let completion: (@Sendable ((any Error)?) -> Void)?
}
