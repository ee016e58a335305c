import Essentials

extension EntitiesEvent {
    /// Reads an event straight from its bytes (the `event` of a `subscribe_entities` message):
    /// the states, diffs and ids are taken apart as they are read, and only attribute values and
    /// contexts become ``JSONValue``s. Malformed input is a clear error, as with ``init(json:)``.
    public init(reading bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) {
        var collector = EntitiesEventCollector()
        var reader = JSONReader(bytes)
        try Self.read(from: &reader, into: &collector)
        try reader.end()
        self.init(added: collector.added, changed: collector.changed, removed: collector.removed)
    }

    /// Reads the event `reader` is at, handing each added state, diff and removed id to `handler`
    /// as it is read, in the order the event has them, without gathering them first: a
    /// 10,000-entity snapshot goes to its consumer one entity at a time. The reader is left after
    /// the event (read in the same pass as the message around it). Malformed input is an error;
    /// what was handed over before it stays handed over. Inlinable, so it is specialized for its
    /// handler where it is used: the mirror's handler is reached without a copy or a witness table.
    @inlinable
    public static func read<Handler: EntitiesEventHandler>(from reader: inout JSONReader, into handler: inout Handler) throws(JSONParseError) {
        try reader.object { reader, key throws(JSONParseError) in
            switch key {
            case "a":
                guard try !reader.null() else { return }
                handler.begin(.added)
                try reader.object { reader, id throws(JSONParseError) in try handler.add(id, &reader) }
            case "c":
                guard try !reader.null() else { return }
                handler.begin(.changed)
                try reader.objectWithKeyBytes { reader, id throws(JSONParseError) in try handler.change(id, &reader) }
            case "r":
                guard try !reader.null() else { return }
                handler.begin(.removed)
                try reader.array { reader throws(JSONParseError) in handler.remove(try reader.string()) }
            default:
                try reader.skip()
            }
        }
    }
}
