import Essentials
import FoundationEssentials

extension CompactEntityState {
    /// Reads an entity added by a `subscribe_entities` event where `reader` is, as
    /// ``EntityState/init(entityID:compressed:)`` makes one of the decoded state, attributes
    /// straight into their compact form; nil when it lacks its state or last-changed time.
    public init?(reading reader: inout JSONReader, keys: AttributeKeys) throws(JSONParseError) {
        var state: String?, context: CompressedContext?
        var lastChanged: Double?, lastUpdated: Double?
        var attributes: [UInt8] = []
        try reader.object { reader, key throws(JSONParseError) in
            switch key {
            case "s": state = try reader.null() ? nil : reader.string()
            case "a":
                attributes = []
                guard try !reader.null() else { return }
                guard reader.peek() == UInt8(ascii: "{") else { throw reader.failure("the attributes ('a') are not an object") }
                try Self.merge(reading: &reader, into: &attributes, from: 0, keys: keys)
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
            context: EntityState.context(context, replacing: HAContext(id: "")), attributes: attributes)
    }

    /// Applies a `subscribe_entities` diff straight from its bytes where `reader` is, exactly as
    /// ``EntityState/apply(_:)`` applies a ``CompressedEntityDiff``, each changed attribute (and a
    /// new context id) written over the old one in place as it is read. Malformed input is an
    /// error, and the state may then be partly changed (the caller drops the stream it came from).
    public mutating func apply(reading reader: inout JSONReader, keys: AttributeKeys) throws(JSONParseError) {
        var removed: [String] = []
        var lastChanged: Double?, lastUpdated: Double?
        // Keys compared as bytes: a diff's keys are one or two letters, and a String each costs.
        try reader.objectWithKeyBytes { reader, part throws(JSONParseError) in
            switch Self.shortKey(part) {
            case Self.shortKey("+"):
                try reader.objectWithKeyBytes { reader, key throws(JSONParseError) in
                    switch Self.shortKey(key) {
                    case Self.shortKey("s"): if try !reader.null() { state = try reader.string() }
                    case Self.shortKey("a"):
                        guard try !reader.null() else { return }
                        guard reader.peek() == UInt8(ascii: "{") else { throw reader.failure("the attributes ('a') are not an object") }
                        try mergeAttributes(reading: &reader, keys: keys)
                    case Self.shortKey("c"): try applyContext(reading: &reader)
                    case Self.shortKey("lc"): lastChanged = try reader.null() ? nil : reader.double()
                    case Self.shortKey("lu"): lastUpdated = try reader.null() ? nil : reader.double()
                    default: try reader.skip()
                    }
                }
            case Self.shortKey("-"): removed += try CompressedAttributeRemoval(reading: &reader).attributes
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
        removeAttributes(removed, keys: keys)
    }

    /// A diff's `c`: a bare id (the usual case) is written over the old id from the input's bytes.
    private mutating func applyContext(reading reader: inout JSONReader) throws(JSONParseError) {
        guard reader.peek() != UInt8(ascii: "\"") else {
            return try reader.withString { id in setContextID(id) }
        }
        guard let compressed = try CompressedContext.read(from: &reader) else { return }
        setContext(EntityState.context(compressed, replacing: context))
    }

    /// A key of at most two bytes as one number (0 for any longer key), to switch on.
    private static func shortKey(_ key: UnsafeBufferPointer<UInt8>) -> UInt16 {
        switch key.count {
        case 1: UInt16(key[0])
        case 2: UInt16(key[0]) << 8 | UInt16(key[1])
        default: 0
        }
    }

    private static func shortKey(_ key: StaticString) -> UInt16 {
        key.withUTF8Buffer(shortKey)
    }
}
