/// A `subscribe_entities` event: entities added (`a`), changed (`c`) and removed (`r`).
public struct EntitiesEvent: Codable, Sendable, Hashable {
    /// Entities that appeared, or every entity in the first event (`a`), by entity id.
    public let added: [String: CompressedEntityState]?
    /// What changed in existing entities (`c`), by entity id.
    public let changed: [String: CompressedEntityDiff]?
    /// The ids of entities that went away (`r`).
    public let removed: [String]?

    /// Creates an event.
    public init(added: [String: CompressedEntityState]? = nil, changed: [String: CompressedEntityDiff]? = nil, removed: [String]? = nil) {
        self.added = added
        self.changed = changed
        self.removed = removed
    }

    enum CodingKeys: String, CodingKey {
        case added = "a"
        case changed = "c"
        case removed = "r"
    }
}
