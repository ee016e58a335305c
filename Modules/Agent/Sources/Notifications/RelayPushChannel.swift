import Essentials
import FoundationEssentials
import Networking
import Transport

/// Receives notifications from a push relay's `GET /push/stream` (Home Assistant posts to the
/// relay whenever the device is not on the local push channel) with this machine's stream
/// secret, and hands each to the ``NotificationHandler``, which skips one delivered before.
/// Each is acknowledged once handled; a reconnect resumes after the last one handled
/// (`Last-Event-ID`), so the relay re-sends only what this machine does not have. Reconnects
/// after a failure, waiting 1, 2, 4 … up to 60 seconds.
public struct RelayPushChannel: Sendable {
    let streamURL: URL
    let secret: String
    let handler: NotificationHandler
    let client: EventStreamClient
    let acknowledger: RelayAcknowledger
    /// Ids are the relay's own: remembered under this device's push token there, so another
    /// relay's ids (or a new registration's) are never taken for ones already seen.
    let namespace: String
    let logger: Logger

    /// The channel for `credentials`; nil when their URL is not a relay's `/push/send`.
    public init?(credentials: RelayCredentials, handler: NotificationHandler, client: EventStreamClient = EventStreamClient(),
                 logger: Logger) {
        guard let stream = RelayCredentials.endpoint("/push/stream", besides: credentials.pushURL),
              let ack = RelayCredentials.endpoint("/push/ack", besides: credentials.pushURL) else { return nil }
        streamURL = stream
        secret = credentials.streamSecret
        self.handler = handler
        self.client = client
        acknowledger = RelayAcknowledger(url: ack, secret: credentials.streamSecret, logger: logger)
        namespace = credentials.pushToken + ":"
        self.logger = logger
    }

    /// Runs until the task is cancelled.
    public func run() async {
        var delay = 1.0
        while !Task.isCancelled {
            var headers = [(name: "Authorization", value: "Bearer \(secret)")]
            if let last = handler.lastRelayDelivery(prefix: namespace) { headers.append(("Last-Event-ID", String(last.dropFirst(namespace.count)))) }
            do {
                for try await event in client.events(from: streamURL, headers: headers) {
                    delay = 1
                    await receive(event)
                }
                if Task.isCancelled { return }
                logger.info("the relay closed its stream; reconnecting in \(Int(delay)) s")
            } catch {
                if Task.isCancelled { return }
                logger.warning("the relay stream failed, reconnecting in \(Int(delay)) s: \(error)")
            }
            try? await Current.sleep(delay)
            delay = min(delay * 2, 60)
        }
    }

    func receive(_ event: StreamEvent) async {
        guard !event.isOversized else {
            // Read again at every reconnect otherwise; the relay keeps what it delivers under this size.
            logger.info("the relay sent a \(event.name) larger than this machine reads (id \(event.id ?? "none")); acknowledged and skipped")
            if let id = event.id { await acknowledger.acknowledge(id) }
            return
        }
        switch event.name {
        case "ready": logger.info("listening on the push relay \(streamURL.absoluteString)")
        case "notification":
            guard let payload = try? JSONParser.parse(Array(event.data.utf8)), let notification = PushNotification(relayPayload: payload) else {
                logger.info("ignored a relay notification that cannot be read here")
                if let id = event.id { await acknowledger.acknowledge(id) }
                return
            }
            await handler.receive(notification, relayID: event.id.map { namespace + $0 })
            if let id = event.id { await acknowledger.acknowledge(id) }
        default: break
        }
    }
}
