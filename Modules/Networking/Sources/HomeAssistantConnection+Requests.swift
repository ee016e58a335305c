import Essentials
import FoundationEssentials
import HAModels
import Transport

extension HomeAssistantConnection {
    func takeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    func sendNow(_ type: String, _ fields: [String: JSONValue], on client: WebSocketClient) async throws -> JSONValue {
        let id = takeID()
        let text = try Self.encode(.command(id: id, type: type, fields: fields))
        return try await withCheckedThrowingContinuation { continuation in
            pending[id] = continuation
            do {
                try client.send(text)
            } catch {
                pending[id] = nil
                continuation.resume(throwing: HomeAssistantError.connectionLost("\(error)"))
            }
        }
    }

    func complete(_ result: ResultMessage) {
        if ignoredIDs.remove(result.id) != nil { return }
        if let key = subscriptionKeys[result.id] {
            if result.success {
                subscriptions[key]?.deliver(.subscribed)
            } else {
                subscriptions.removeValue(forKey: key)?.finish(Self.failure(of: result))
                subscriptionKeys[result.id] = nil
                eventRoutes?.remove(result.id)
            }
            return
        }
        guard let continuation = pending.removeValue(forKey: result.id) else { return }
        if result.success {
            continuation.resume(returning: result.result ?? .null)
        } else {
            continuation.resume(throwing: Self.failure(of: result))
        }
    }

    /// The error a failed result carries; a server that sent none still gets a typed error.
    static func failure(of result: ResultMessage) -> HomeAssistantError {
        .server(result.error ?? ServerError(code: "unknown_error", message: "the server reported a failure without an error object"))
    }

    /// Holds an event for its subscription until the frames read together have been handled.
    func route(_ event: EventMessage) {
        guard let key = subscriptionKeys[event.id] else { return }
        routedEvents[key, default: []].append(event.event)
    }

    /// Hands each subscription the events routed to it since the last flush.
    func flushEvents() {
        for (key, events) in routedEvents {
            guard let subscription = subscriptions[key] else { continue }
            subscription.deliver(.events(events))
        }
        routedEvents = [:]
    }

    /// Waits while a subscription's consumer is too far behind (see ``SubscriptionBacklog``).
    func waitForConsumers() async {
        for subscription in subscriptions.values {
            if let backlog = subscription.backlog, backlog.isOver { await backlog.waitForConsumer() }
        }
    }

    func activate(_ key: UUID, on client: WebSocketClient) {
        guard let subscription = subscriptions[key], subscription.commandID == nil else { return }
        let id = takeID()
        subscriptions[key]?.commandID = id
        subscriptionKeys[id] = key
        if let eventReader = subscription.eventReader { eventRoutes?.set(id, eventReader) }
        do {
            try client.send(Self.encode(.command(id: id, type: subscription.type, fields: subscription.fields)))
        } catch {
            client.disconnect()
        }
    }

    func unsubscribe(_ key: UUID) {
        guard let subscription = subscriptions.removeValue(forKey: key), let id = subscription.commandID else { return }
        subscriptionKeys[id] = nil
        eventRoutes?.remove(id)
        guard case .ready = state, let client else { return }
        let unsubscribeID = takeID()
        ignoredIDs.insert(unsubscribeID)
        try? client.send(Self.encode(.command(id: unsubscribeID, type: "unsubscribe_events", fields: ["subscription": .integer(Int64(id))])))
    }

    func waitUntilReady() async throws {
        let key = UUID()
        let window = options.requestRetryWindow
        let timer = Task {
            try await Current.sleep(window)
            self.expireWaiter(key, after: window)
        }
        defer { timer.cancel() }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            if stopped {
                continuation.resume(throwing: HomeAssistantError.stopped)
            } else {
                readyWaiters[key] = continuation
            }
        }
    }

    func expireWaiter(_ key: UUID, after window: Double) {
        readyWaiters.removeValue(forKey: key)?.resume(throwing: HomeAssistantError.notReady(waited: window))
    }

    func failAll(_ error: HomeAssistantError) {
        for continuation in pending.values { continuation.resume(throwing: error) }
        pending = [:]
        for waiter in readyWaiters.values { waiter.resume(throwing: error) }
        readyWaiters = [:]
    }

    func setState(_ newState: ConnectionState) {
        guard newState != state else { return }
        state = newState
        for observer in stateObservers.values { observer.yield(newState) }
    }

    func removeObserver(_ key: UUID) {
        stateObservers[key] = nil
    }
}
