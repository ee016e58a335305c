import Essentials

/// An event for a subscription, tagged with the id of the command that subscribed.
public struct EventMessage: Codable, Sendable, Hashable {
    /// The id of the subscription the event belongs to.
    public let id: Int
    /// The event, as the server sent it.
    public let event: JSONValue

    /// Creates an event message.
    public init(id: Int, event: JSONValue) {
        self.id = id
        self.event = event
    }
}
