import Essentials
import FoundationEssentials

/// An event from the event bus, as `subscribe_events` delivers it.
public struct HAEvent: Codable, Sendable, Hashable {
    /// The event's type (`state_changed`).
    public let eventType: String
    /// Its data, shaped by its type.
    public let data: JSONValue
    /// `LOCAL` or `REMOTE`.
    public let origin: String
    /// When it was fired.
    public let timeFired: Date
    /// What caused it.
    public let context: HAContext

    /// The data of a `state_changed` event, decoded.
    public func stateChange() throws(JSONDecodingError) -> StateChangedData {
        try JSONValueDecoder().decode(StateChangedData.self, from: data)
    }

    enum CodingKeys: String, CodingKey {
        case eventType = "event_type"
        case timeFired = "time_fired"
        case data, origin, context
    }
}
