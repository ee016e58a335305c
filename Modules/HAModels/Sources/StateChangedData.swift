/// The data of a `state_changed` event: the state before and after (nil when added or removed).
public struct StateChangedData: Codable, Sendable, Hashable {
    public let entityID: String
    public let oldState: EntityState?
    public let newState: EntityState?

    enum CodingKeys: String, CodingKey {
        case entityID = "entity_id"
        case oldState = "old_state"
        case newState = "new_state"
    }
}
