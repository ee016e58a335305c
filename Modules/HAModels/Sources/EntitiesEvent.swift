/// A `subscribe_entities` event: entities added (`a`), changed (`c`) and removed (`r`).
public struct EntitiesEvent: Codable, Sendable, Hashable {
    public let added: [String: CompressedEntityState]?
    public let changed: [String: CompressedEntityDiff]?
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
