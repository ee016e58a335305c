import Foundation

/// One entity's state as a store keeps it: the fields of an ``EntityState`` with the attributes
/// in their compact form (``CompactAttributes``), which names them through the store's
/// ``AttributeKeys``. ``expanded(entityID:keys:)`` gives the ``EntityState``.
public struct CompactEntityState: Sendable {
    public internal(set) var state: String
    public internal(set) var attributes: CompactAttributes
    public internal(set) var lastChanged: Date
    public internal(set) var lastUpdated: Date
    public internal(set) var context: HAContext

    /// The full state, its attributes as a dictionary.
    public func expanded(entityID: String, keys: AttributeKeys) -> EntityState {
        EntityState(
            entityID: entityID, state: state, attributes: attributes.dictionary(keys: keys), lastChanged: lastChanged, lastUpdated: lastUpdated,
            context: context)
    }
}
