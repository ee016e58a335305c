import Essentials
import Transport

/// A subscription a ``HomeAssistantConnection`` keeps across reconnects.
struct Subscription {
    let type: String
    let fields: [String: JSONValue]
    /// Hands updates to the subscriber: into its stream, or straight to its handler.
    let deliver: @Sendable (SubscriptionUpdate) -> Void
    /// Reads an event where the connection's reader is, when the subscriber reads events itself;
    /// false when it could not (the connection then steps over the event).
    let eventReader: (@Sendable (inout JSONReader) -> Bool)?
    /// Ends the subscription for the subscriber, with the error that ended it if any.
    let finish: @Sendable ((any Error)?) -> Void
    /// The events delivered into a stream and not yet taken (nil for a handler, which takes them at once).
    let backlog: SubscriptionBacklog?
    /// The id of the command that subscribed on the current connection; nil while not subscribed.
    var commandID: Int?
    /// Sent once only: a run (`assist_pipeline/run`) that a reconnect must not start again; it
    /// ends with ``HomeAssistantError/connectionLost(_:)`` when its connection drops.
    var once = false
}
