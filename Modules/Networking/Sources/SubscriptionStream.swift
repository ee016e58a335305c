import Transport

/// A subscription's updates, as ``HomeAssistantConnection/subscribe(_:_:)`` returns them; each
/// update taken tells the connection, which stops reading while the consumer is far behind.
/// Ending the iteration (dropping the stream) unsubscribes.
public struct SubscriptionStream: AsyncSequence, Sendable {
    public typealias Element = SubscriptionUpdate

    let updates: AsyncThrowingStream<SubscriptionUpdate, any Error>
    let backlog: SubscriptionBacklog

    public func makeAsyncIterator() -> Iterator {
        Iterator(updates: updates.makeAsyncIterator(), backlog: backlog)
    }

    public struct Iterator: AsyncIteratorProtocol {
        var updates: AsyncThrowingStream<SubscriptionUpdate, any Error>.AsyncIterator
        let backlog: SubscriptionBacklog

        public mutating func next() async throws -> SubscriptionUpdate? {
            let update = try await updates.next()
            if case .events(let events)? = update { backlog.taken(events.count) }
            return update
        }
    }
}
