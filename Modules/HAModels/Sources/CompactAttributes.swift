import Essentials

/// An entity's attributes in one byte array of exactly their size: each attribute is its name's
/// number in the store's ``AttributeKeys`` (or, when that table is full, the name itself) and its
/// value in ``CompactValueCoding``'s form, in the order the server first sent them. A fraction of
/// a `[String: JSONValue]`'s memory, and as lossless.
public struct CompactAttributes: Sendable {
    private var bytes: [UInt8] = []

    public init() {}

    /// Reads an attributes object where `reader` is (of a name written twice, the last value counts).
    public init(reading reader: inout JSONReader, keys: AttributeKeys) throws(JSONParseError) {
        keys.scratch.removeAll(keepingCapacity: true)
        try reader.object { reader, name throws(JSONParseError) in
            if let twice = Self.entry(name, in: keys.scratch, keys: keys) { keys.scratch.removeSubrange(twice.start..<twice.end) }
            Self.appendName(keys.number(keeping: name), name, to: &keys.scratch)
            try CompactValueCoding.append(reading: &reader, to: &keys.scratch)
        }
        bytes = Array(keys.scratch)
    }

    /// How many bytes the attributes take.
    public var byteCount: Int { bytes.count }

    /// Sets attribute `name` to the value `reader` is at, in place when the new value is as long as
    /// the old one; a new name goes after the others.
    public mutating func set(_ name: String, reading reader: inout JSONReader, keys: AttributeKeys) throws(JSONParseError) {
        keys.scratch.removeAll(keepingCapacity: true)
        try CompactValueCoding.append(reading: &reader, to: &keys.scratch)
        let value = keys.scratch
        guard let entry = Self.entry(name, in: bytes, keys: keys) else {
            let number = keys.number(keeping: name)
            var next: [UInt8] = []
            next.reserveCapacity(bytes.count + value.count + name.utf8.count + 4)
            next.append(contentsOf: bytes)
            Self.appendName(number, name, to: &next)
            next.append(contentsOf: value)
            bytes = next
            return
        }
        guard entry.end - entry.valueStart != value.count else {
            return bytes.replaceSubrange(entry.valueStart..<entry.end, with: value)
        }
        var next: [UInt8] = []
        next.reserveCapacity(bytes.count - (entry.end - entry.valueStart) + value.count)
        next.append(contentsOf: bytes[..<entry.valueStart])
        next.append(contentsOf: value)
        next.append(contentsOf: bytes[entry.end...])
        bytes = next
    }

    /// Removes attribute `name`, if there is one.
    public mutating func remove(_ name: String, keys: AttributeKeys) {
        guard let entry = Self.entry(name, in: bytes, keys: keys) else { return }
        bytes.removeSubrange(entry.start..<entry.end)
    }

    /// The attributes as a dictionary.
    public func dictionary(keys: AttributeKeys) -> [String: JSONValue] {
        bytes.withUnsafeBufferPointer { buffer in
            var attributes: [String: JSONValue] = [:]
            var offset = 0
            while offset < buffer.count {
                let reference = CompactValueCoding.length(buffer, at: &offset)
                let name = reference == 0 ? CompactValueCoding.text(buffer, at: &offset) : keys.name(reference - 1)
                attributes[name] = CompactValueCoding.value(buffer, at: &offset)
            }
            return attributes
        }
    }

    /// A name as an attribute starts: its number plus one, or 0 and the name itself.
    private static func appendName(_ number: Int?, _ name: String, to bytes: inout [UInt8]) {
        guard let number else {
            bytes.append(0)
            return CompactValueCoding.appendText(name, to: &bytes)
        }
        CompactValueCoding.appendLength(number + 1, to: &bytes)
    }

    /// Where the attribute named `name` is in `bytes`. Names are compared, not hashed: an entity
    /// has a few attributes, and most names are small strings, compared as two words.
    private static func entry(_ name: String, in bytes: [UInt8], keys: AttributeKeys) -> (start: Int, valueStart: Int, end: Int)? {
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let start = offset
                let reference = CompactValueCoding.length(buffer, at: &offset)
                let matches: Bool
                if reference == 0 {
                    let count = CompactValueCoding.length(buffer, at: &offset)
                    matches = name.utf8.elementsEqual(buffer[offset..<offset + count])
                    offset += count
                } else {
                    matches = keys.name(reference - 1) == name
                }
                let valueStart = offset
                offset = CompactValueCoding.end(buffer, ofValueAt: offset)
                if matches { return (start, valueStart, offset) }
            }
            return nil
        }
    }
}
