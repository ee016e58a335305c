import Essentials
import FoundationEssentials

/// One entity's state as a store keeps it: its state text and times, and one byte array of
/// exactly their size holding its context (``CompactContext``) and its attributes
/// (``CompactAttributes``, names interned in the store's ``AttributeKeys``).
/// ``expanded(entityID:keys:)`` gives the ``EntityState``.
public struct CompactEntityState: Sendable {
    public internal(set) var state: String
    public internal(set) var lastChanged: Date
    public internal(set) var lastUpdated: Date
    /// The context, then the attributes.
    private var bytes: [UInt8]

    init(state: String, lastChanged: Date, lastUpdated: Date, context: HAContext, attributes: [UInt8]) {
        self.state = state
        self.lastChanged = lastChanged
        self.lastUpdated = lastUpdated
        var bytes: [UInt8] = []
        bytes.reserveCapacity(context.id.utf8.count + (context.parentID?.utf8.count ?? 0) + (context.userID?.utf8.count ?? 0) + 6 + attributes.count)
        CompactContext.append(context, to: &bytes)
        bytes.append(contentsOf: attributes)
        self.bytes = bytes
    }

    /// How many bytes the context and attributes take.
    public var byteCount: Int { bytes.count }

    /// The context of the last change, expanded from the packed bytes.
    public var context: HAContext { bytes.withUnsafeBufferPointer(CompactContext.context) }

    /// The attributes as a dictionary.
    public func attributes(keys: AttributeKeys) -> [String: JSONValue] {
        bytes.withUnsafeBufferPointer { buffer in CompactAttributes.dictionary(buffer, from: CompactContext.end(buffer), keys: keys) }
    }

    /// The full state.
    public func expanded(entityID: String, keys: AttributeKeys) -> EntityState {
        EntityState(entityID: entityID, state: state, attributes: attributes(keys: keys), lastChanged: lastChanged, lastUpdated: lastUpdated, context: context)
    }

    mutating func mergeAttributes(reading reader: inout JSONReader, keys: AttributeKeys) throws(JSONParseError) {
        try Self.merge(reading: &reader, into: &bytes, from: bytes.withUnsafeBufferPointer(CompactContext.end), keys: keys)
    }

    /// Merges the attributes object `reader` is at into `bytes` from `start`, with the names and
    /// buffers `keys` keeps, taken out of it for the while (no class access per key).
    static func merge(reading reader: inout JSONReader, into bytes: inout [UInt8], from start: Int, keys: AttributeKeys) throws(JSONParseError) {
        var merge = CompactAttributeMerge(), names = AttributeNameTable()
        swap(&merge, &keys.merge)
        swap(&names, &keys.names)
        defer {
            swap(&merge, &keys.merge)
            swap(&names, &keys.names)
        }
        try merge.merge(reading: &reader, into: &bytes, from: start, names: &names)
    }

    mutating func removeAttributes(_ names: [String], keys: AttributeKeys) {
        CompactAttributes.remove(names, in: &bytes, from: bytes.withUnsafeBufferPointer(CompactContext.end), keys: keys)
    }

    mutating func setContextID(_ id: UnsafeBufferPointer<UInt8>) {
        CompactContext.setID(id, in: &bytes)
    }

    mutating func setContext(_ context: HAContext) {
        CompactContext.replace(with: context, in: &bytes)
    }
}
