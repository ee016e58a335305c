import Essentials

/// What takes a `subscribe_entities` event apart as ``EntitiesEvent/read(from:into:)`` reads it:
/// each added state and each diff as the reader at it (to be read, or skipped, leaving the reader
/// after it), each removed id. A diff's entity id comes as its UTF-8, valid only during the call,
/// for a handler that finds the entity by it.
public protocol EntitiesEventHandler {
    /// The event has `part` (not `null`); called before its first item, even when it has none.
    mutating func begin(_ part: EntitiesEventPart)
    mutating func add(_ id: String, _ reader: inout JSONReader) throws(JSONParseError)
    mutating func change(_ id: UnsafeBufferPointer<UInt8>, _ reader: inout JSONReader) throws(JSONParseError)
    mutating func remove(_ id: String)
}

extension EntitiesEventHandler {
    /// By default, nothing to do at the start of a part.
    public mutating func begin(_ part: EntitiesEventPart) {}
}
