import FoundationEssentials

extension EntityState {
    /// The full state for an entity added by a `subscribe_entities` event; nil when the
    /// compressed state lacks its state or last-changed time.
    public init?(entityID: String, compressed: CompressedEntityState) {
        guard let state = compressed.state, let lastChanged = compressed.lastChanged else { return nil }
        let changed = Date(timeIntervalSince1970: lastChanged)
        self.init(
            entityID: entityID, state: state, attributes: compressed.attributes ?? [:], lastChanged: changed,
            lastUpdated: compressed.lastUpdated.map(Date.init(timeIntervalSince1970:)) ?? changed,
            context: Self.context(compressed.context, replacing: HAContext(id: ""))
        )
    }

    /// This state with a compressed diff applied, as Home Assistant's frontend applies it:
    /// changed fields replace, changed attributes merge, removed attributes go, and a new
    /// last-changed time moves last-updated with it.
    public func applying(_ diff: CompressedEntityDiff) -> EntityState {
        var next = self
        next.apply(diff)
        return next
    }

    /// Applies a compressed diff in place, as ``applying(_:)`` describes; a store that holds the
    /// only copy of the state changes it without copying its attributes.
    public mutating func apply(_ diff: CompressedEntityDiff) {
        if let plus = diff.additions {
            if let state = plus.state { self.state = state }
            if let context = plus.context { self.context = Self.context(context, replacing: self.context) }
            if let lastChanged = plus.lastChanged {
                self.lastChanged = Date(timeIntervalSince1970: lastChanged)
                lastUpdated = self.lastChanged
            } else if let lastUpdated = plus.lastUpdated {
                self.lastUpdated = Date(timeIntervalSince1970: lastUpdated)
            }
            if let attributes = plus.attributes { self.attributes.merge(attributes) { _, new in new } }
        }
        for name in diff.removals?.attributes ?? [] { attributes[name] = nil }
    }

    static func context(_ compressed: CompressedContext?, replacing current: HAContext) -> HAContext {
        switch compressed {
        case nil: current
        case .id(let id): HAContext(id: id, parentID: current.parentID, userID: current.userID)
        case .context(let fields):
            // A field the diff leaves out keeps its value; one it sets to null becomes nil.
            HAContext(id: fields.id ?? current.id, parentID: fields.parentID ?? current.parentID, userID: fields.userID ?? current.userID)
        }
    }
}
