import Essentials
import FoundationEssentials

/// One entity's state as `get_states`, `/api/states` and `state_changed` events carry it.
public struct EntityState: Codable, Sendable, Hashable {
    /// The entity id (`light.kitchen`).
    public let entityID: String
    /// The state as text (`on`, `21.5`, `unavailable`).
    public var state: String
    /// The attributes, as the server sent them.
    public var attributes: [String: JSONValue]
    /// When the state last changed.
    public var lastChanged: Date
    /// When the state or an attribute last changed.
    public var lastUpdated: Date
    /// What caused the last change.
    public var context: HAContext

    /// Creates a state.
    public init(
        entityID: String, state: String, attributes: [String: JSONValue], lastChanged: Date, lastUpdated: Date, context: HAContext
    ) {
        self.entityID = entityID
        self.state = state
        self.attributes = attributes
        self.lastChanged = lastChanged
        self.lastUpdated = lastUpdated
        self.context = context
    }

    /// The entity's domain: `light` for `light.kitchen`.
    public var domain: String { String(entityID.prefix { $0 != "." }) }

    enum CodingKeys: String, CodingKey {
        case entityID = "entity_id"
        case state, attributes, context
        case lastChanged = "last_changed"
        case lastUpdated = "last_updated"
    }
}
