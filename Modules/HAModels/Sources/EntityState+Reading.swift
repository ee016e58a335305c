import Essentials
import Foundation

extension EntityState {
    /// Applies a `subscribe_entities` diff straight from its bytes where `reader` is, exactly as
    /// ``apply(_:)`` applies a ``CompressedEntityDiff``, but without building one: each changed
    /// attribute is set in place as it is read. Malformed input is an error, and the state may
    /// then be partly changed (the caller drops the stream it came from).
    public mutating func apply(reading reader: inout JSONReader) throws(JSONParseError) {
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
                        try reader.object { reader, name throws(JSONParseError) in attributes[name] = try reader.value() }
                    case "c":
                        let value = try reader.value()
                        guard value != .null else { return }
                        do {
                            context = Self.context(try CompressedContext(json: value, path: "c"), replacing: context)
                        } catch {
                            throw reader.failure("\(error)")
                        }
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
        for name in removed { attributes[name] = nil }
    }
}
