import Essentials

/// The attributes part of a ``CompactEntityState``'s bytes, from an offset to the end: each
/// attribute is its name's number in the store's ``AttributeKeys`` plus one (or, when that table
/// is full, a 0 and the name itself) and its value in ``CompactValueCoding``'s form, in the order
/// the server first sent them. A fraction of a `[String: JSONValue]`'s memory, and as lossless.
/// ``CompactAttributeMerge`` writes them.
enum CompactAttributes {
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

    /// Where the attribute named `name` is. The name's number is looked up once and numbers are
    /// compared, not names; a name written out (the table was full) is compared by its bytes.
    private static func entry(_ name: String, in bytes: [UInt8], from start: Int, keys: AttributeKeys) -> (start: Int, end: Int)? {
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
                offset = CompactValueCoding.end(buffer, ofValueAt: offset)
                if matches { return (entryStart, offset) }
            }
            return nil
        }
    }
}
