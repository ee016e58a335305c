/// One notification in the in-memory ``QueueIndex``: its row id in the queue and its payload size.
struct QueueEntry: Sendable, Equatable {
    let id: Int64
    let bytes: Int
}
