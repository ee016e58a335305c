import Essentials
import Foundation

extension CompactEntityState {
    /// Reads an entity added by a `subscribe_entities` event where `reader` is, as
    /// ``EntityState/init(entityID:compressed:)`` makes one of the decoded state, attributes
    /// straight into their compact form; nil when it lacks its state or last-changed time.
    public init?(reading reader: inout JSONReader, keys: AttributeKeys) throws(JSONParseError) {
        var state: String?, context: CompressedContext?
        var lastChanged: Double?, lastUpdated: Double?
        keys.scratch.removeAll(keepingCapacity: true)
        try reader.object { reader, key throws(JSONParseError) in
            switch key {
            case "s": state = try reader.null() ? nil : reader.string()
            case "a":
                keys.scratch.removeAll(keepingCapacity: true)
                guard try !reader.null() else { return }
                guard reader.peek() == UInt8(ascii: "{") else { throw reader.failure("the attributes ('a') are not an object") }
                try CompactAttributes.append(reading: &reader, to: &keys.scratch, keys: keys)
            case "c": context = try CompressedContext.read(from: &reader)
            case "lc": lastChanged = try reader.null() ? nil : reader.double()
            case "lu": lastUpdated = try reader.null() ? nil : reader.double()
            default: try reader.skip()
            }
        }
        guard let state, let lastChanged else { return nil }
        let changed = Date(timeIntervalSince1970: lastChanged)
        self.init(
            state: state, lastChanged: changed, lastUpdated: lastUpdated.map(Date.init(timeIntervalSince1970:)) ?? changed,
            context: EntityState.context(context, replacing: HAContext(id: "")), attributes: keys.scratch)
    }

    /// Applies a `subscribe_entities` diff straight from its bytes where `reader` is, exactly as
    /// ``EntityState/apply(_:)`` applies a ``CompressedEntityDiff``, each changed attribute (and a
    /// new context id) written over the old one in place as it is read. Malformed input is an
    /// error, and the state may then be partly changed (the caller drops the stream it came from).
    public mutating func apply(reading reader: inout JSONReader, keys: AttributeKeys) throws(JSONParseError) {
        var removed: [String] = []
        var lastChanged: Double?, lastUpdated: Double?
        try reader.object { reader, part throws(JSONParseError) in
            switch part {
            case "+":
                try reader.object { reader, key throws(JSONParseError) in
                    switch key {
                    case "s": if try !reader.null() { state = try reader.string() }
                    case "a":
                        guard try !reader.null() else { return }
                        guard reader.peek() == UInt8(ascii: "{") else { throw reader.failure("the attributes ('a') are not an object") }
                        try reader.object { reader, name throws(JSONParseError) in try setAttribute(name, reading: &reader, keys: keys) }
                    case "c": try applyContext(reading: &reader)
                    case "lc": lastChanged = try reader.null() ? nil : reader.double()
                    case "lu": lastUpdated = try reader.null() ? nil : reader.double()
                    default: try reader.skip()
                    }
                }
            case "-": removed += try CompressedAttributeRemoval(reading: &reader).attributes
            default: try reader.skip()
            }
        }
        if let lastChanged {
            self.lastChanged = Date(timeIntervalSince1970: lastChanged)
            self.lastUpdated = self.lastChanged
        } else if let lastUpdated {
            self.lastUpdated = Date(timeIntervalSince1970: lastUpdated)
        }
        // Removals come after the additions, whichever part the diff names first.
        for name in removed { removeAttribute(name, keys: keys) }
    }

    /// A diff's `c`: a bare id (the usual case) is written over the old id from the input's bytes.
    private mutating func applyContext(reading reader: inout JSONReader) throws(JSONParseError) {
        guard reader.peek() != UInt8(ascii: "\"") else {
            return try reader.withString { id in setContextID(id) }
        }
        guard let compressed = try CompressedContext.read(from: &reader) else { return }
        setContext(EntityState.context(compressed, replacing: context))
    }
}
