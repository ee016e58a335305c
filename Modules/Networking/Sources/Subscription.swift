import Essentials

/// A subscription a ``HomeAssistantConnection`` keeps across reconnects.
struct Subscription {
    let type: String
    let fields: [String: JSONValue]
    let continuation: AsyncThrowingStream<SubscriptionUpdate, any Error>.Continuation
    /// The id of the command that subscribed on the current connection; nil while not subscribed.
    var commandID: Int?
}
