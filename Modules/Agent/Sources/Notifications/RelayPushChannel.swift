import Essentials
import Foundation
import Networking

/// Receives notifications from a push relay's `GET /push/stream` for this device's push token
/// (Home Assistant posts to the relay whenever the device is not on the local push channel) and
/// hands each to the ``NotificationHandler``. Reconnects after a failure, waiting 1, 2, 4 … up
/// to 60 seconds; the relay then sends what was queued meanwhile, in order.
public struct RelayPushChannel: Sendable {
    let streamURL: URL
    let token: String
    let handler: NotificationHandler
    let client: EventStreamClient
    let log: @Sendable (String) -> Void

    /// The channel for the relay whose `/push/send` URL is `pushURL`; nil when that URL is not a
    /// relay's (its stream is the sibling `/push/stream`).
    public init?(pushURL: String, token: String, handler: NotificationHandler, client: EventStreamClient = EventStreamClient(),
                 log: @escaping @Sendable (String) -> Void) {
        guard pushURL.hasSuffix("/push/send"), let url = URL(string: String(pushURL.dropLast("send".count)) + "stream") else { return nil }
        streamURL = url
        self.token = token
        self.handler = handler
        self.client = client
        self.log = log
    }

    /// Runs until the task is cancelled.
    public func run() async {
        var delay = 1.0
        while !Task.isCancelled {
            do {
                for try await event in client.events(from: streamURL, headers: [("Authorization", "Bearer \(token)")]) {
                    delay = 1
                    await receive(event)
                }
                if Task.isCancelled { return }
                log("the relay closed its stream; reconnecting in \(Int(delay)) s")
            } catch {
                if Task.isCancelled { return }
                log("the relay stream failed, reconnecting in \(Int(delay)) s: \(error)")
            }
            try? await Task.sleep(nanoseconds: UInt64(delay * 1e9))
            delay = min(delay * 2, 60)
        }
    }

    func receive(_ event: StreamEvent) async {
        switch event.name {
        case "ready": log("listening on the push relay \(streamURL.absoluteString)")
        case "notification":
            guard let payload = try? JSONParser.parse(Array(event.data.utf8)), let notification = PushNotification(relayPayload: payload) else {
                return log("ignored a relay notification that cannot be read here")
            }
            await handler.receive(notification)
        default: break
        }
    }
}
