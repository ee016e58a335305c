import Essentials

/// Sets attributes of a state's ``CompactAttributes`` from a diff in one pass over them: the diff's
/// values are read into scratch bytes first (each name looked up once, by its bytes), then the
/// attributes already there are walked once, each matched with the change that sets it through
/// a table indexed by name number. When every new value is as long as the old one they are
/// written in place; otherwise the attributes are copied once into an array of exactly the new
/// size, new names after the others. The buffers are kept between diffs (in ``AttributeKeys``),
/// so a diff allocates nothing but a state that changes size.
struct CompactAttributeMerge {
    private var scratch: [UInt8] = []
    private var changes: [CompactAttributeChange] = []
    /// Per name number, the index plus one of the change that sets it (0: none).
    private var changeOfNumber: [Int32] = []
    /// The changes that replace an old value, in the order of the old values.
    private var replacing: [Int] = []
    /// How many changes no later one supersedes.
    private var liveChanges = 0
    /// The changes whose names are written out (the name table was full), by name: looked up, not
    /// searched, so a diff of many such names costs what it is long.
    private var writtenOutChanges: [[UInt8]: Int] = [:]

    /// Merges the attributes object `reader` is at into `bytes` from `start` (of a name written
    /// twice, the last value counts).
    mutating func merge(reading reader: inout JSONReader, into bytes: inout [UInt8], from start: Int, names: inout AttributeNameTable) throws(JSONParseError) {
        defer { reset() }
        try read(&reader, names: &names)
        let sameSizes = matchOldValues(bytes, from: start)
        if sameSizes && replacing.count == liveChanges {
            for index in replacing {
                let change = changes[index]
                if let old = change.old { bytes.replaceSubrange(old, with: scratch[change.valueStart..<change.end]) }
            }
            return
        }
        bytes = rebuilt(bytes)
    }

    private mutating func read(_ reader: inout JSONReader, names: inout AttributeNameTable) throws(JSONParseError) {
        try reader.objectWithKeyBytes { reader, name throws(JSONParseError) in
            let number = names.number(keeping: name, capacity: AttributeKeys.capacity)
            let start = scratch.count
            if let number {
                CompactValueCoding.appendLength(number + 1, to: &scratch)
            } else {
                scratch.append(0)
                CompactValueCoding.appendText(name, to: &scratch)
            }
            let valueStart = scratch.count
            try CompactValueCoding.append(reading: &reader, to: &scratch)
            if let number {
                if number >= changeOfNumber.count { changeOfNumber += repeatElement(0, count: number + 1 - changeOfNumber.count) }
                let earlier = Int(changeOfNumber[number])
                if earlier > 0 {
                    changes[earlier - 1].reference = -1
                    liveChanges -= 1
                }
                changeOfNumber[number] = Int32(changes.count + 1)
            } else if let earlier = writtenOutChanges.updateValue(changes.count, forKey: Array(name)) {
                changes[earlier].reference = -1
                liveChanges -= 1
            }
            liveChanges += 1
            changes.append(CompactAttributeChange(reference: number.map { $0 + 1 } ?? 0, start: start, valueStart: valueStart, end: scratch.count))
        }
    }

    /// Walks the attributes once (as far as the last one changed, when the diff adds none),
    /// noting each changed one's old value; true when every changed value keeps its size.
    private mutating func matchOldValues(_ bytes: [UInt8], from start: Int) -> Bool {
        var sameSizes = true
        bytes.withUnsafeBufferPointer { buffer in
            var offset = start
            while offset < buffer.count, replacing.count < liveChanges {
                let reference = CompactValueCoding.length(buffer, at: &offset)
                var index: Int?
                if reference == 0 {
                    let count = CompactValueCoding.length(buffer, at: &offset)
                    index = writtenOutChanges.isEmpty ? nil : writtenOutChanges[Array(buffer[offset..<offset + count])]
                    offset += count
                } else if reference <= changeOfNumber.count, changeOfNumber[reference - 1] > 0 {
                    index = Int(changeOfNumber[reference - 1]) - 1
                }
                let valueStart = offset
                offset = CompactValueCoding.end(buffer, ofValueAt: offset)
                guard let index else { continue }
                changes[index].old = valueStart..<offset
                replacing.append(index)
                if offset - valueStart != changes[index].valueCount { sameSizes = false }
            }
        }
        return sameSizes
    }

    /// The attributes with every change made, in an array of exactly their size.
    private func rebuilt(_ bytes: [UInt8]) -> [UInt8] {
        var size = bytes.count
        for change in changes where !change.isSuperseded {
            size += change.old.map { change.valueCount - $0.count } ?? change.end - change.start
        }
        var next: [UInt8] = []
        next.reserveCapacity(size)
        var copied = 0
        for index in replacing {
            let change = changes[index]
            guard let old = change.old else { continue }
            next.append(contentsOf: bytes[copied..<old.lowerBound])
            next.append(contentsOf: scratch[change.valueStart..<change.end])
            copied = old.upperBound
        }
        next.append(contentsOf: bytes[copied...])
        for change in changes where !change.isSuperseded && change.old == nil {
            next.append(contentsOf: scratch[change.start..<change.end])
        }
        return next
    }

    private mutating func reset() {
        for change in changes where change.reference > 0 { changeOfNumber[change.reference - 1] = 0 }
        scratch.removeAll(keepingCapacity: true)
        changes.removeAll(keepingCapacity: true)
        replacing.removeAll(keepingCapacity: true)
        liveChanges = 0
        if !writtenOutChanges.isEmpty { writtenOutChanges.removeAll() }
    }
}
