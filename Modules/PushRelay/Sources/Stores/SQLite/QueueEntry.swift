/// One notification in the in-memory ``QueueIndex``: its id, its payload's size and position in
/// the ``QueueLogFile``, and when it was queued (seconds since 1970).
struct QueueEntry: Sendable, Equatable {
    let id: Int64
    let bytes: Int
    var position: Int64
    let time: Double
}
