import Essentials

/// An event for a subscription, tagged with the id of the command that subscribed.
public struct EventMessage: Codable, Sendable, Hashable {
    public let id: Int
    public let event: JSONValue

    /// Creates an event message.
    public init(id: Int, event: JSONValue) {
        self.id = id
        self.event = event
    }
}
