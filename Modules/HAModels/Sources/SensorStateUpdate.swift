import Essentials

/// One sensor in an `update_sensor_states` webhook.
public struct SensorStateUpdate: Codable, Sendable, Hashable {
    public let uniqueID: String
    public let type: String
    public let state: JSONValue
    public let icon: String?
    public let attributes: [String: JSONValue]?

    /// Creates an update.
    public init(uniqueID: String, type: String, state: JSONValue, icon: String? = nil, attributes: [String: JSONValue]? = nil) {
        self.uniqueID = uniqueID
        self.type = type
        self.state = state
        self.icon = icon
        self.attributes = attributes
    }

    enum CodingKeys: String, CodingKey {
        case type, state, icon, attributes
        case uniqueID = "unique_id"
    }
}
