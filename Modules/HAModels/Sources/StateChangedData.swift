/// The data of a `state_changed` event: the state before and after (nil when added or removed).
public struct StateChangedData: Codable, Sendable, Hashable {
    /// The entity that changed.
    public let entityID: String
    /// Its state before, nil when it was just added.
    public let oldState: EntityState?
    /// Its state after, nil when it was removed.
    public let newState: EntityState?

    enum CodingKeys: String, CodingKey {
        case entityID = "entity_id"
        case oldState = "old_state"
        case newState = "new_state"
    }
}
