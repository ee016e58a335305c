/// The batches of a ``WebSocketClient``'s messages as they are taken, each giving its bytes back
/// to the read budget, and counted as finished with when the consumer asks for the next.
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
        var holding = false

        mutating func next() async throws -> [WebSocketMessage]? {
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
