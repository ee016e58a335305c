import Essentials
import FoundationEssentials
import Transport

/// A connection to Home Assistant's WebSocket API that authenticates, answers requests,
/// keeps subscriptions alive across reconnects, and watches itself with pings.
///
/// Command ids increase for the life of the connection object and are never reused. A request
/// made while not ready waits up to the retry window; one in flight when the connection drops
/// fails with ``HomeAssistantError/connectionLost(_:)``, since it may or may not have run.
/// Subscriptions are re-subscribed after every reconnect and say so with
/// ``SubscriptionUpdate/subscribed``. After `auth_invalid` the token is refreshed once; a second
/// rejection stops the connection.
public actor HomeAssistantConnection {
    /// The address the connection was made for.
    public nonisolated let address: ServerAddress
    /// The address it connects to now: ``address`` until ``move(to:)`` says another.
    public internal(set) var reachedAt: ServerAddress
    /// The addresses to move to, followed from ``start()`` to ``stop()``.
    let addresses: AsyncStream<ServerAddress>?
    var followTask: Task<Void, Never>?
    /// The wait before the next attempt, which a move cuts short.
    var retryWait: Task<Void, Never>?
    let tokenProvider: any TokenProvider
    let options: ConnectionOptions

    /// The current state.
    public internal(set) var state: ConnectionState = .disconnected(reason: nil)
    var stateObservers: [UUID: AsyncStream<ConnectionState>.Continuation] = [:]
    var nextID = 1
    var client: WebSocketClient?
    var pending: [Int: CheckedContinuation<JSONValue, any Error>] = [:]
    var ignoredIDs: Set<Int> = []
    var readyWaiters: [UUID: CheckedContinuation<Void, any Error>] = [:]
    var subscriptions: [UUID: Subscription] = [:]
    var subscriptionKeys: [Int: UUID] = [:]
    /// The current connection's subscriptions whose events its reader thread applies itself.
    var eventRoutes: EventReaderRoutes?
    /// Events read but not yet handed to their subscriptions; flushed after each read.
    var routedEvents: [UUID: [JSONValue]] = [:]
    var runTask: Task<Void, Never>?
    var pingTask: Task<Void, Never>?
    var stopped = false
    /// Why the connection was reset on purpose (a ping without a pong), for the next state's reason.
    var resetReason: String?

    /// Creates a connection; nothing happens until ``start()``. While it runs it moves to each
    /// address `following` gives (a server's other URL when the network changes).
    public init(address: ServerAddress, tokenProvider: any TokenProvider, options: ConnectionOptions = ConnectionOptions(), following: AsyncStream<ServerAddress>? = nil) {
        self.address = address
        reachedAt = address
        addresses = following
        self.tokenProvider = tokenProvider
        self.options = options
    }

    /// Connects, and keeps reconnecting until ``stop()`` or a final authentication failure.
    public func start() {
        guard runTask == nil else { return }
        stopped = false
        runTask = Task { await runLoop() }
        if let addresses {
            followTask = Task {
                for await next in addresses { move(to: next) }
            }
        }
    }

    /// Connects to `next` from now on: a connection open elsewhere is dropped and made again
    /// there at once (its subscriptions follow, as after any reconnect).
    public func move(to next: ServerAddress) {
        guard next != reachedAt, !stopped else { return }
        reachedAt = next
        retryWait?.cancel()
        guard let client else { return }
        resetReason = "the network changed; reconnecting at \(next)"
        client.disconnect()
    }

    /// Closes the connection for good: pending requests fail, subscriptions and observers end.
    public func stop() async {
        stopped = true
        followTask?.cancel()
        followTask = nil
        retryWait?.cancel()
        runTask?.cancel()
        pingTask?.cancel()
        client?.close()
        client = nil
        eventRoutes?.close()
        eventRoutes = nil
        failAll(HomeAssistantError.stopped)
        for subscription in subscriptions.values { subscription.finish(nil) }
        subscriptions = [:]
        setState(.disconnected(reason: .stopped))
        for observer in stateObservers.values { observer.finish() }
        stateObservers = [:]
        await runTask?.value
        runTask = nil
    }

    /// The current state, then every change.
    public func stateUpdates() -> AsyncStream<ConnectionState> {
        let (stream, continuation) = AsyncStream.makeStream(of: ConnectionState.self)
        let key = UUID()
        stateObservers[key] = continuation
        continuation.yield(state)
        continuation.onTermination = { _ in Task { await self.removeObserver(key) } }
        return stream
    }

    /// Sends a command and returns its result, waiting for the connection if it is not ready.
    public func send(_ type: String, _ fields: [String: JSONValue] = [:]) async throws -> JSONValue {
        while true {
            if stopped { throw HomeAssistantError.stopped }
            if case .ready = state, let client { return try await sendNow(type, fields, on: client) }
            try await waitUntilReady()
        }
    }

    /// Subscribes with `type` (`subscribe_events`, `subscribe_trigger`, `subscribe_entities`, …);
    /// ending the stream's iteration unsubscribes. While the consumer is more than
    /// ``SubscriptionBacklog/limit`` events behind, the connection stops reading (for up to a
    /// second at a time if the consumer takes nothing), so memory does not grow with the server's pace.
    public func subscribe(_ type: String, _ fields: [String: JSONValue] = [:]) -> SubscriptionStream {
        stream(type, fields, once: false)
    }

    /// Sends `type`, a command that answers with a result and then events (`assist_pipeline/run`),
    /// once: unlike a subscription it is not sent again after a reconnect (that would run it
    /// twice); its stream ends with ``HomeAssistantError/connectionLost(_:)`` if the connection
    /// drops first. The caller ends it (ending the iteration) when the last event came.
    public func run(_ type: String, _ fields: [String: JSONValue] = [:]) -> SubscriptionStream {
        stream(type, fields, once: true)
    }

    private func stream(_ type: String, _ fields: [String: JSONValue], once: Bool) -> SubscriptionStream {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: SubscriptionUpdate.self, throwing: (any Error).self)
        let key = UUID()
        let backlog = SubscriptionBacklog()
        let deliver: @Sendable (SubscriptionUpdate) -> Void = { update in
            if case .events(let events) = update { backlog.added(events.count) }
            continuation.yield(update)
        }
        var subscription = Subscription(type: type, fields: fields, deliver: deliver, eventReader: nil, finish: { continuation.finish(throwing: $0) }, backlog: backlog, commandID: nil)
        subscription.once = once
        add(subscription, key: key)
        continuation.onTermination = { _ in
            backlog.end()
            Task { await self.unsubscribe(key) }
        }
        return SubscriptionStream(updates: stream, backlog: backlog)
    }

    /// Subscribes with `type`, handing each update to `handler` on the connection's own executor,
    /// as the connection reads it: nothing waits in between, and the connection reads no faster
    /// than the handler handles. With `eventReader`, events come to it instead as the connection's
    /// reader at their bytes (no ``JSONValue`` tree for the subscriber to take apart, and the bytes
    /// read once): it reads the event and leaves the reader after it, or answers false and the
    /// connection steps over the event. Other updates still come to `handler`. Neither may block;
    /// `finished` hears how it ended.
    public func subscribe(
        _ type: String, _ fields: [String: JSONValue] = [:], handler: @escaping @Sendable (SubscriptionUpdate) -> Void,
        eventReader: (@Sendable (inout JSONReader) -> Bool)? = nil, finished: @escaping @Sendable ((any Error)?) -> Void = { _ in }
    ) -> SubscriptionToken {
        let key = UUID()
        add(Subscription(type: type, fields: fields, deliver: handler, eventReader: eventReader, finish: finished, backlog: nil, commandID: nil), key: key)
        return SubscriptionToken(key: key)
    }

    /// Ends a handler subscription (its `finished` hears nil).
    public func cancel(_ token: SubscriptionToken) {
        let subscription = subscriptions[token.key]
        unsubscribe(token.key)
        subscription?.finish(nil)
    }

    private func add(_ subscription: Subscription, key: UUID) {
        subscriptions[key] = subscription
        if case .ready = state, let client { activate(key, on: client) }
    }
}
