import Essentials

extension EntitiesEvent {
    /// Reads an event straight from its bytes (the `event` of a `subscribe_entities` message):
    /// the states, diffs and ids are taken apart as they are read, and only attribute values and
    /// contexts become ``JSONValue``s. Malformed input is a clear error, as with ``init(json:)``.
    public init(reading bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) {
        var reader = JSONReader(bytes)
        var added: [String: CompressedEntityState]?
        var changed: [String: CompressedEntityDiff]?
        var removed: [String]?
        try reader.object { reader, key throws(JSONParseError) in
            switch key {
            case "a":
                guard try !reader.null() else { return }
                var states: [String: CompressedEntityState] = [:]
                try reader.object { reader, id throws(JSONParseError) in states[id] = try CompressedEntityState(reading: &reader) }
                added = states
            case "c":
                guard try !reader.null() else { return }
                var diffs: [String: CompressedEntityDiff] = [:]
                try reader.object { reader, id throws(JSONParseError) in diffs[id] = try CompressedEntityDiff(reading: &reader) }
                changed = diffs
            case "r":
                guard try !reader.null() else { return }
                var ids: [String] = []
                try reader.array { reader throws(JSONParseError) in ids.append(try reader.string()) }
                removed = ids
            default:
                try reader.skip()
            }
        }
        try reader.end()
        self.init(added: added, changed: changed, removed: removed)
    }
}
