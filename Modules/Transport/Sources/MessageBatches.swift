/// The batches of a ``WebSocketClient``'s messages as they are taken, each giving its bytes back
/// to the read budget, and counted as finished with when the consumer asks for the next.
public struct MessageBatches: AsyncSequence, Sendable {
    public typealias Element = [WebSocketMessage]

    let stream: AsyncThrowingStream<MessageBatch, any Error>
    let budget: ReadBudget

    public func makeAsyncIterator() -> Iterator {
        Iterator(batches: stream.makeAsyncIterator(), budget: budget)
    }

    /// Takes the batches one by one, giving each one's bytes back as the next is asked for.
    public struct Iterator: AsyncIteratorProtocol {
        var batches: AsyncThrowingStream<MessageBatch, any Error>.AsyncIterator
        let budget: ReadBudget
        var holding = false

        public mutating func next() async throws -> [WebSocketMessage]? {
            if holding {
                budget.finished()
                holding = false
            }
            guard let batch = try await batches.next() else { return nil }
            budget.release(batch.bytes)
            holding = true
            return batch.messages
        }
    }
}
