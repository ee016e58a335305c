import Essentials

/// The attributes part of a ``CompactEntityState``'s bytes, from an offset to the end: each
/// attribute is its name's number in the store's ``AttributeKeys`` plus one (or, when that table
/// is full, a 0 and the name itself) and its value in ``CompactValueCoding``'s form, in the order
/// the server first sent them. A fraction of a `[String: JSONValue]`'s memory, and as lossless.
enum CompactAttributes {
    /// Appends the attributes object `reader` is at to `bytes` (of a name written twice, the last value counts).
    static func append(reading reader: inout JSONReader, to bytes: inout [UInt8], keys: AttributeKeys) throws(JSONParseError) {
        let start = bytes.count
        try reader.object { reader, name throws(JSONParseError) in
            if let twice = entry(name, in: bytes, from: start, keys: keys) { bytes.removeSubrange(twice.start..<twice.end) }
            appendName(keys.number(keeping: name), name, to: &bytes)
            try CompactValueCoding.append(reading: &reader, to: &bytes)
        }
    }

    /// Sets attribute `name` to the value `reader` is at, in place when the new value is as long as
    /// the old one; a new name goes after the others.
    static func set(_ name: String, reading reader: inout JSONReader, in bytes: inout [UInt8], from start: Int, keys: AttributeKeys) throws(JSONParseError) {
        keys.scratch.removeAll(keepingCapacity: true)
        try CompactValueCoding.append(reading: &reader, to: &keys.scratch)
        if let entry = entry(name, in: bytes, from: start, keys: keys) {
            return CompactValueCoding.replace(entry.valueStart..<entry.end, of: &bytes, with: keys.scratch)
        }
        var next: [UInt8] = []
        next.reserveCapacity(bytes.count + keys.scratch.count + name.utf8.count + 4)
        next.append(contentsOf: bytes)
        appendName(keys.number(keeping: name), name, to: &next)
        next.append(contentsOf: keys.scratch)
        bytes = next
    }

    /// Removes attribute `name`, if there is one.
    static func remove(_ name: String, in bytes: inout [UInt8], from start: Int, keys: AttributeKeys) {
        guard let entry = entry(name, in: bytes, from: start, keys: keys) else { return }
        bytes.removeSubrange(entry.start..<entry.end)
    }

    /// The attributes as a dictionary.
    static func dictionary(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, keys: AttributeKeys) -> [String: JSONValue] {
        var attributes: [String: JSONValue] = [:]
        var offset = start
        while offset < buffer.count {
            let reference = CompactValueCoding.length(buffer, at: &offset)
            let name = reference == 0 ? CompactValueCoding.text(buffer, at: &offset) : keys.name(reference - 1)
            attributes[name] = CompactValueCoding.value(buffer, at: &offset)
        }
        return attributes
    }

    /// A name as an attribute starts: its number plus one, or 0 and the name itself.
    private static func appendName(_ number: Int?, _ name: String, to bytes: inout [UInt8]) {
        guard let number else {
            bytes.append(0)
            return CompactValueCoding.appendText(name, to: &bytes)
        }
        CompactValueCoding.appendLength(number + 1, to: &bytes)
    }

    /// Where the attribute named `name` is. The name's number is looked up once and numbers are
    /// compared, not names (a light has two dozen attributes, many of them long names); a name
    /// written out (the table was full) is compared by its bytes.
    private static func entry(_ name: String, in bytes: [UInt8], from start: Int, keys: AttributeKeys) -> (start: Int, valueStart: Int, end: Int)? {
        let wanted = keys.existingNumber(name).map { $0 + 1 } ?? -1
        return bytes.withUnsafeBufferPointer { buffer in
            var offset = start
            while offset < buffer.count {
                let entryStart = offset
                let reference = CompactValueCoding.length(buffer, at: &offset)
                let matches: Bool
                if reference == 0 {
                    let count = CompactValueCoding.length(buffer, at: &offset)
                    matches = name.utf8.elementsEqual(buffer[offset..<offset + count])
                    offset += count
                } else {
                    matches = reference == wanted
                }
                let valueStart = offset
                offset = CompactValueCoding.end(buffer, ofValueAt: offset)
                if matches { return (entryStart, valueStart, offset) }
            }
            return nil
        }
    }
}
