import Essentials
import FoundationEssentials
import HAModels
import Transport

extension HomeAssistantConnection {
    private enum Phase {
        case awaitingAuthRequired, awaitingAuthResult, ready
    }

    /// Connects and reads until the connection ends, then waits and reconnects, until stopped.
    func runLoop() async {
        var attempt = 0
        var refreshToken = false
        while !stopped && !Task.isCancelled {
            setState(.connecting)
            var reason = "the server closed the connection"
            var retryAtOnce = false
            let target = reachedAt
            do {
                let client = try await WebSocketClient.connect(to: target.websocketURL, options: options.webSocket)
                guard !stopped else { client.close(); return }
                guard target == reachedAt else { client.close(); continue }
                self.client = client
                var phase = Phase.awaitingAuthRequired
                // Pings start once authenticated; until then a silent server is given the
                // authentication timeout to say auth_required and answer the token.
                let authDeadline = Task { [timeout = options.authenticationTimeout] in
                    try? await Current.sleep(timeout)
                    guard !Task.isCancelled else { return }
                    resetReason = "the server did not complete authentication within \(timeout) s"
                    client.disconnect()
                }
                defer { authDeadline.cancel() }
                receive: for try await batch in client.messages.batches {
                    // A subscription's events of one read are handed over together once the read is handled.
                    defer { flushEvents() }
                    for message in batch {
                        guard case .text(let text) = message else { throw HomeAssistantError.invalidResponse("a binary message") }
                        if case .ready = phase {
                            try handleReady(text)
                            continue
                        }
                        for item in try Self.messages(in: text) {
                            switch (phase, item) {
                            case (.awaitingAuthRequired, .authRequired):
                                setState(.authenticating)
                                let token = try await tokenProvider.accessToken(forceRefresh: refreshToken)
                                try client.send(Self.encode(.auth(accessToken: token)))
                                phase = .awaitingAuthResult
                            case (.awaitingAuthResult, .authOK(let version)):
                                refreshToken = false
                                attempt = 0
                                authDeadline.cancel()
                                try becomeReady(version: version, client: client)
                                phase = .ready
                            case (.awaitingAuthResult, .authInvalid(let message)):
                                if refreshToken {
                                    await failAuthentication(message)
                                    return
                                }
                                refreshToken = true
                                retryAtOnce = true
                                reason = "the server rejected the token (\(message)); retrying once with a refreshed token"
                                break receive
                            // What follows auth_ok in the same coalesced message.
                            case (.ready, _): try handleMessage(item)
                            default: throw HomeAssistantError.invalidResponse("unexpected message \(item) while \(phase)")
                            }
                        }
                    }
                    flushEvents()
                    await waitForConsumers()
                }
            } catch let error as any SessionEndingError where error.endsSession {
                await failAuthentication("\(error)")
                return
            } catch {
                reason = "\(error)"
            }
            if let resetReason {
                reason = resetReason
                self.resetReason = nil
            }
            tearDown(reason: .lost(reason))
            // Moved to another address meanwhile: that one is tried at once, from the first delay.
            if target != reachedAt { attempt = 0 }
            guard !stopped, !retryAtOnce, target == reachedAt else { continue }
            let delay = options.reconnectDelay(attempt: attempt)
            attempt += 1
            let wait = Task { _ = try? await Current.sleep(delay) }
            retryWait = wait
            await wait.value
            retryWait = nil
        }
    }

    /// The messages in one frame: one object, or an array when the server coalesced them.
    static func messages(in text: String) throws -> [ServerMessage] {
        let value = try JSONParser.parse(text)
        let items: [JSONValue]
        if case .array(let array) = value { items = array } else { items = [value] }
        return try items.map { try ServerMessage(json: $0) }
    }

    static func encode(_ message: ClientMessage) throws -> String {
        try JSONSerializer.string(JSONValueEncoder().encodeValue(message))
    }

    private func becomeReady(version: String, client: WebSocketClient) throws {
        let id = takeID()
        ignoredIDs.insert(id)
        try client.send(Self.encode(.command(id: id, type: "supported_features", fields: ["features": .object(["coalesce_messages": .integer(1)])])))
        let routes = EventReaderRoutes()
        eventRoutes = routes
        client.intercept { bytes in routes.intercept(bytes) }
        setState(.ready(version: version))
        for key in subscriptions.keys { activate(key, on: client) }
        for waiter in readyWaiters.values { waiter.resume() }
        readyWaiters = [:]
        startPinging(client)
    }

    private func failAuthentication(_ message: String) async {
        stopped = true
        tearDown(reason: .authenticationFailed(message))
        failAll(HomeAssistantError.authenticationFailed(message))
        for subscription in subscriptions.values { subscription.finish(HomeAssistantError.authenticationFailed(message)) }
        subscriptions = [:]
    }

    /// Drops `client`, recording why, if it is still the current connection.
    func reset(_ client: WebSocketClient, because reason: String) {
        guard self.client === client else { return }
        resetReason = reason
        client.disconnect()
    }

    func tearDown(reason: DisconnectReason) {
        pingTask?.cancel()
        pingTask = nil
        client?.disconnect()
        client = nil
        eventRoutes?.close()
        eventRoutes = nil
        for continuation in pending.values { continuation.resume(throwing: HomeAssistantError.connectionLost(reason.description)) }
        pending = [:]
        ignoredIDs = []
        subscriptionKeys = [:]
        for (key, subscription) in subscriptions {
            if subscription.once, subscription.commandID != nil {
                subscriptions.removeValue(forKey: key)?.finish(HomeAssistantError.connectionLost(reason.description))
            } else {
                subscriptions[key]?.commandID = nil
            }
        }
        setState(.disconnected(reason: reason))
    }

    /// Pings every interval; a pong that does not come in time resets the connection.
    private func startPinging(_ client: WebSocketClient) {
        let interval = options.pingInterval, timeout = options.pingTimeout
        pingTask = Task {
            while !Task.isCancelled {
                try? await Current.sleep(interval)
                guard !Task.isCancelled else { return }
                let watchdog = Task {
                    try await Current.sleep(timeout)
                    self.reset(client, because: "no pong within \(timeout) s; the connection was reset")
                }
                _ = try? await self.sendNow("ping", [:], on: client)
                watchdog.cancel()
            }
        }
    }
}
