/// The events of one ``EventStreamClient`` stream, in order. What was read but not yet taken is
/// bounded by a read budget: a slow consumer pauses the reading (TCP slows the server) instead
/// of letting events pile up in memory.
public struct StreamEvents: AsyncSequence, Sendable {
    public typealias Element = StreamEvent

    let stream: AsyncThrowingStream<StreamEvent, any Error>
    let budget: ReadBudget

    public func makeAsyncIterator() -> Iterator {
        Iterator(events: stream.makeAsyncIterator(), budget: budget)
    }

    public struct Iterator: AsyncIteratorProtocol {
        var events: AsyncThrowingStream<StreamEvent, any Error>.AsyncIterator
        let budget: ReadBudget

        public mutating func next() async throws -> StreamEvent? {
            guard let event = try await events.next() else { return nil }
            budget.release(event.data.utf8.count)
            return event
        }
    }
}
