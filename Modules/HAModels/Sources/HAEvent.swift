import Essentials
import Foundation

/// An event from the event bus, as `subscribe_events` delivers it.
public struct HAEvent: Codable, Sendable, Hashable {
    public let eventType: String
    public let data: JSONValue
    public let origin: String
    public let timeFired: Date
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
