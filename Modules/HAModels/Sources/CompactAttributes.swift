import Essentials

/// The attributes part of a ``CompactEntityState``'s bytes, from an offset to the end: each
/// attribute is its name's number in the store's ``AttributeKeys`` plus one (or, when that table
/// is full, a 0 and the name itself) and its value in ``CompactValueCoding``'s form, in the order
/// the server first sent them. A fraction of a `[String: JSONValue]`'s memory, and as lossless.
/// ``CompactAttributeMerge`` writes them.
enum CompactAttributes {
    /// Removes the attributes named in `names` (those there are) in one walk over the attributes,
    /// so a diff removing many costs what the attributes are long, not their product.
    static func remove(_ names: [String], in bytes: inout [UInt8], from start: Int, keys: AttributeKeys) {
        guard !names.isEmpty else { return }
        var numbers = Set<Int>(), writtenOut = Set<String>()
        for name in names {
            if let number = keys.existingNumber(name) { numbers.insert(number + 1) } else { writtenOut.insert(name) }
        }
        var removed: [Range<Int>] = []
        bytes.withUnsafeBufferPointer { buffer in
            var offset = start
            while offset < buffer.count {
                let entryStart = offset
                let reference = CompactValueCoding.length(buffer, at: &offset)
                let named = reference == 0 ? writtenOut.contains(CompactValueCoding.text(buffer, at: &offset)) : numbers.contains(reference)
                offset = CompactValueCoding.end(buffer, ofValueAt: offset)
                if named { removed.append(entryStart..<offset) }
            }
        }
        guard !removed.isEmpty else { return }
        // A copy of exactly the new size, as every state is.
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count - removed.reduce(0) { $0 + $1.count })
        var copied = 0
        for range in removed {
            kept.append(contentsOf: bytes[copied..<range.lowerBound])
            copied = range.upperBound
        }
        kept.append(contentsOf: bytes[copied...])
        bytes = kept
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
}
