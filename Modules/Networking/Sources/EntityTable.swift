import FoundationEssentials
import Glibc
import HAModels
import Transport

/// The mirror's states by entity id, found by the id's bytes as an event has them, so applying
/// a diff makes no String for its id.
///
/// Ids hash with the standard library's seeded hasher (a server cannot pick ids that collide);
/// slots are probed linearly and a removal shifts the slots after it back, so there are no
/// tombstones. Entries are dense (a removal moves the last entry into the gap). Beside its state,
/// each entry carries whether an observer wants its changes (worked out when the observers
/// change, not per diff) and a mark a snapshot sets on the entities it names.
struct EntityTable {
    private(set) var ids: [String] = []
    private(set) var states: [CompactEntityState] = []
    private(set) var observed: [Bool] = []
    private(set) var marked: [Bool] = []
    private var hashes: [Int] = []
    /// Entry numbers, -1 for an empty slot; none at first, then a power of two long, at most
    /// three quarters full.
    private var slots: [Int32] = []

    var count: Int { ids.count }

    /// The entry of `id`, if there is one.
    func entry(_ id: UnsafeBufferPointer<UInt8>) -> Int? {
        slot(of: id, hash: Self.hash(id)).entry
    }

    func entry(_ id: String) -> Int? {
        var id = id
        return id.withUTF8 { entry($0) }
    }

    /// Sets `id`'s state, adding an entry (observed or not as `observed` says) when there is none;
    /// the state it replaced, if any, and the entry.
    mutating func set(_ id: String, _ state: CompactEntityState, observed isObserved: @autoclosure () -> Bool) -> (old: CompactEntityState?, entry: Int) {
        var id = id
        let hash = id.withUTF8(Self.hash)
        let found = id.withUTF8 { slot(of: $0, hash: hash) }
        if let entry = found.entry {
            defer { states[entry] = state }
            return (states[entry], entry)
        }
        if (count + 1) * 4 > slots.count * 3 {
            grow()
            return set(id, state, observed: isObserved())
        }
        slots[found.slot] = Int32(count)
        ids.append(id)
        states.append(state)
        observed.append(isObserved())
        marked.append(false)
        hashes.append(hash)
        return (nil, count - 1)
    }

    /// Changes the state of `entry` in place.
    mutating func modify<Failure: Error>(_ entry: Int, _ body: (inout CompactEntityState) throws(Failure) -> Void) throws(Failure) {
        try body(&states[entry])
    }

    /// Removes `entry`: the last entry takes its number.
    @discardableResult
    mutating func remove(_ entry: Int) -> (id: String, state: CompactEntityState) {
        let removed = (ids[entry], states[entry])
        vacate(slotOf(entry))
        let last = count - 1
        if entry != last {
            slots[slotOf(last)] = Int32(entry)
            ids.swapAt(entry, last)
            states.swapAt(entry, last)
            observed.swapAt(entry, last)
            marked.swapAt(entry, last)
            hashes.swapAt(entry, last)
        }
        ids.removeLast()
        states.removeLast()
        observed.removeLast()
        marked.removeLast()
        hashes.removeLast()
        return removed
    }

    mutating func mark(_ entry: Int) { marked[entry] = true }

    mutating func clearMarks() {
        for entry in marked.indices { marked[entry] = false }
    }

    /// Which entries someone observes: those in `entityIDs`, or all when it is nil.
    mutating func observe(_ entityIDs: Set<String>?) {
        for entry in ids.indices { observed[entry] = entityIDs?.contains(ids[entry]) ?? true }
    }

    private static func hash(_ id: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(id))
        return hasher.finalize()
    }

    /// The slot holding `id`'s entry, or the empty slot where it would go.
    private func slot(of id: UnsafeBufferPointer<UInt8>, hash: Int) -> (slot: Int, entry: Int?) {
        guard !slots.isEmpty else { return (0, nil) }
        let mask = slots.count - 1
        var slot = hash & mask
        while true {
            let entry = Int(slots[slot])
            guard entry >= 0 else { return (slot, nil) }
            if hashes[entry] == hash, Self.equal(ids[entry], id) { return (slot, entry) }
            slot = (slot + 1) & mask
        }
    }

    private static func equal(_ stored: String, _ id: UnsafeBufferPointer<UInt8>) -> Bool {
        let same = stored.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard bytes.count == id.count else { return false }
            guard let stored = bytes.baseAddress, let id = id.baseAddress else { return true }
            return memcmp(stored, id, bytes.count) == 0
        }
        return same ?? stored.utf8.elementsEqual(id)
    }

    /// The slot that holds `entry`.
    private func slotOf(_ entry: Int) -> Int {
        let mask = slots.count - 1
        var slot = hashes[entry] & mask
        while Int(slots[slot]) != entry { slot = (slot + 1) & mask }
        return slot
    }

    /// Empties `slot`, moving back each later slot of the run that may not stay behind the gap.
    private mutating func vacate(_ slot: Int) {
        let mask = slots.count - 1
        var gap = slot
        var next = (gap + 1) & mask
        while slots[next] >= 0 {
            let home = hashes[Int(slots[next])] & mask
            // The entry at `next` may move into the gap unless its home lies cyclically in (gap, next].
            let staysPut = gap <= next ? (home > gap && home <= next) : (home > gap || home <= next)
            if !staysPut {
                slots[gap] = slots[next]
                gap = next
            }
            next = (next + 1) & mask
        }
        slots[gap] = -1
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: max(16, slots.count * 2))
        let mask = slots.count - 1
        for entry in hashes.indices {
            var slot = hashes[entry] & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(entry)
        }
    }
}
