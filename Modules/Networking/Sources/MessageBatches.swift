/// The batches of a ``WebSocketClient``'s messages as they are taken, each giving its bytes back
/// to the read budget.
struct MessageBatches: AsyncSequence, Sendable {
    typealias Element = [WebSocketMessage]

    let stream: AsyncThrowingStream<MessageBatch, any Error>
    let budget: ReadBudget

    func makeAsyncIterator() -> Iterator {
        Iterator(batches: stream.makeAsyncIterator(), budget: budget)
    }

    struct Iterator: AsyncIteratorProtocol {
        var batches: AsyncThrowingStream<MessageBatch, any Error>.AsyncIterator
        let budget: ReadBudget

        mutating func next() async throws -> [WebSocketMessage]? {
            guard let batch = try await batches.next() else { return nil }
            budget.release(batch.bytes)
            return batch.messages
        }
    }
}
