import Essentials

extension EntitiesEvent {
    /// Reads an event straight from its bytes (the `event` of a `subscribe_entities` message):
    /// the states, diffs and ids are taken apart as they are read, and only attribute values and
    /// contexts become ``JSONValue``s. Malformed input is a clear error, as with ``init(json:)``.
    public init(reading bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) {
        var added: [String: CompressedEntityState]?
        var changed: [String: CompressedEntityDiff]?
        var removed: [String]?
        try Self.read(
            bytes, added: { added = [:]; return { id, reader throws(JSONParseError) in added?[id] = try CompressedEntityState(reading: &reader) } },
            changed: {
                changed = [:]
                return { id, reader throws(JSONParseError) in changed?[String(decoding: id, as: UTF8.self)] = try CompressedEntityDiff(reading: &reader) }
            },
            removed: { removed = []; return { id in removed?.append(id) } })
        self.init(added: added, changed: changed, removed: removed)
    }

    /// Reads an event from its bytes, handing over each added state, diff and removed id as it is
    /// read, in the order the event has them, without gathering them first: a 10,000-entity
    /// snapshot goes to its consumer one entity at a time. An added state and a diff are handed
    /// over as the reader at them, for the consumer to read (``CompactEntityState/init(reading:keys:)``,
    /// ``CompactEntityState/apply(reading:keys:)``, ``CompressedEntityDiff/init(reading:)``) or
    /// skip; it must leave the reader after it. A diff's entity id is handed over as its UTF-8
    /// (valid only during the call), for a consumer that finds the entity by it. Each `added`, `changed` and `removed` is asked
    /// for its handler when the event has that part (a `null` part is left out).
    /// Malformed input is an error; what was handed over before it stays handed over.
    public static func read(
        _ bytes: UnsafeBufferPointer<UInt8>,
        added: () -> (String, inout JSONReader) throws(JSONParseError) -> Void,
        changed: () -> (UnsafeBufferPointer<UInt8>, inout JSONReader) throws(JSONParseError) -> Void,
        removed: () -> (String) -> Void
    ) throws(JSONParseError) {
        var reader = JSONReader(bytes)
        try read(from: &reader, added: added, changed: changed, removed: removed)
        try reader.end()
    }

    /// Reads the event `reader` is at as ``read(_:added:changed:removed:)`` does, leaving the
    /// reader after it (the event inside a message, read in the same pass as the message).
    public static func read(
        from reader: inout JSONReader,
        added: () -> (String, inout JSONReader) throws(JSONParseError) -> Void,
        changed: () -> (UnsafeBufferPointer<UInt8>, inout JSONReader) throws(JSONParseError) -> Void,
        removed: () -> (String) -> Void
    ) throws(JSONParseError) {
        try reader.object { reader, key throws(JSONParseError) in
            switch key {
            case "a":
                guard try !reader.null() else { return }
                let take = added()
                try reader.object { reader, id throws(JSONParseError) in try take(id, &reader) }
            case "c":
                guard try !reader.null() else { return }
                let take = changed()
                try reader.objectWithKeyBytes { reader, id throws(JSONParseError) in try take(id, &reader) }
            case "r":
                guard try !reader.null() else { return }
                let take = removed()
                try reader.array { reader throws(JSONParseError) in take(try reader.string()) }
            default:
                try reader.skip()
            }
        }
    }
}
