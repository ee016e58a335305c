/// An event for a subscription, tagged with the id of the command that subscribed.
public struct EventMessage: Codable, Sendable, Hashable {
    public let id: Int
    public let event: JSONValue

    /// Creates an event message.
    public init(id: Int, event: JSONValue) {
        self.id = id
        self.event = event
    }

    /// The event decoded as `T`: an ``HAEvent``, an ``EntitiesEvent``, a trigger…
    public func decodeEvent<T: Decodable>(_ type: T.Type) throws(JSONDecodingError) -> T {
        try JSONValueDecoder().decode(type, from: event)
    }
}
