import Glibc

/// The names behind ``AttributeKeys``: each kept once, numbered in the order first seen, and
/// found by its UTF-8 bytes as the input has them (no `String` per key) in an open-addressing
/// table hashed a word at a time from a seed of its own. A value type, so the store takes it out
/// of its ``AttributeKeys`` once per diff and looks up every key without a class access.
struct AttributeNameTable {
    private var names: [String] = []
    /// Every name's UTF-8, one after another; name `n` ends at `ends[n]`, where name `n + 1` starts.
    private var bytes: [UInt8] = []
    private var ends: [Int] = []
    /// Each slot 0 (empty) or a name's number plus one; at most half of them full. Empty, and the
    /// seed not drawn, until the first name: an empty table costs nothing to make.
    private var slots: [Int32] = []
    private var seed: UInt64 = 0

    var count: Int { names.count }

    /// The number of the name whose UTF-8 is `name`, kept now if it was not and fewer than
    /// `capacity` names are kept.
    mutating func number(keeping name: UnsafeBufferPointer<UInt8>, capacity: Int) -> Int? {
        if slots.isEmpty {
            slots = [Int32](repeating: 0, count: 64)
            seed = UInt64.random(in: 1...UInt64.max)
        }
        let (found, slot) = find(name)
        if let found { return found }
        guard names.count < capacity else { return nil }
        let number = names.count
        slots[slot] = Int32(number + 1)
        names.append(String(decoding: name, as: UTF8.self))
        bytes.append(contentsOf: name)
        ends.append(bytes.count)
        if names.count * 2 > slots.count { rehash() }
        return number
    }

    /// The number of the name whose UTF-8 is `name`, if it has one.
    func existingNumber(_ name: UnsafeBufferPointer<UInt8>) -> Int? {
        slots.isEmpty ? nil : find(name).number
    }

    /// The number of `name` if it is kept; else the empty slot where it would go.
    private func find(_ name: UnsafeBufferPointer<UInt8>) -> (number: Int?, slot: Int) {
        var slot = self.slot(of: name)
        while slots[slot] != 0 {
            let number = Int(slots[slot]) - 1
            if matches(number, name) { return (number, slot) }
            slot = (slot + 1) & (slots.count - 1)
        }
        return (nil, slot)
    }

    /// The name numbered `number`.
    func name(_ number: Int) -> String {
        names[number]
    }

    private func matches(_ number: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = self.start(of: number)
        guard ends[number] - start == name.count else { return false }
        return bytes.withUnsafeBufferPointer { kept in
            guard let kept = kept.baseAddress, let wanted = name.baseAddress else { return true }
            return memcmp(kept + start, wanted, name.count) == 0
        }
    }

    private func start(of number: Int) -> Int {
        number == 0 ? 0 : ends[number - 1]
    }

    /// The slot to start looking in: the bytes mixed eight at a time, then the rest.
    private func slot(of name: UnsafeBufferPointer<UInt8>) -> Int {
        var hash = seed ^ UInt64(name.count)
        let raw = UnsafeRawBufferPointer(name)
        var offset = 0
        while offset + 8 <= raw.count {
            hash = Self.mix(hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        while offset < raw.count {
            tail = tail << 8 | UInt64(raw[offset])
            offset += 1
        }
        return Int(truncatingIfNeeded: Self.mix(hash ^ tail)) & (slots.count - 1)
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        let product = value &* 0x9E37_79B9_7F4A_7C15
        return product ^ (product >> 31)
    }

    private mutating func rehash() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        for number in names.indices {
            let start = self.start(of: number), end = ends[number]
            var slot = bytes.withUnsafeBufferPointer { kept in self.slot(of: UnsafeBufferPointer(rebasing: kept[start..<end])) }
            while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Int32(number + 1)
        }
    }
}
