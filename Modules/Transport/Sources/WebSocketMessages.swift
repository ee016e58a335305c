/// The messages of a ``WebSocketClient``, in order.
///
/// The reader thread hands over every message of one socket read as one batch, so a consumer
/// wakes once per read instead of once per message; this sequence then gives them out one by
/// one without suspending. What was read but not yet taken is bounded by the client's read
/// budget (``WebSocketOptions/maximumBufferedBytes``): a slow consumer slows the reading.
public struct WebSocketMessages: AsyncSequence, Sendable {
    public typealias Element = WebSocketMessage

    let stream: AsyncThrowingStream<MessageBatch, any Error>
    let budget: ReadBudget

    /// The messages one read at a time.
    public var batches: MessageBatches { MessageBatches(stream: stream, budget: budget) }

    public func makeAsyncIterator() -> Iterator {
        Iterator(batches: batches.makeAsyncIterator())
    }

    /// Iterates the messages batch by batch.
    public struct Iterator: AsyncIteratorProtocol {
        var batches: MessageBatches.Iterator
        var current: [WebSocketMessage] = []
        var index = 0

        public mutating func next() async throws -> WebSocketMessage? {
            while index == current.count {
                guard let batch = try await batches.next() else { return nil }
                current = batch
                index = 0
            }
            defer { index += 1 }
            return current[index]
        }
    }
}
