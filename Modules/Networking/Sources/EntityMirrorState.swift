import Essentials
import FoundationEssentials
import HAModels
import Transport

/// The mirror's states, and `subscribe_entities` events applied to them entity by entity
/// straight from their bytes: changes are recorded only for entities someone observes (their old
/// state expanded for them), the rest are changed in place. A snapshot removes, at its end, every
/// entity it did not name. The mirror works on it in place under its lock, so an event reaches
/// the table without a copy or a reference count.
struct EntityMirrorState: EntitiesEventHandler {
    private(set) var table = EntityTable()
    let keys = AttributeKeys()
    /// Whom observers want (nil: all), for the entities an event adds.
    private var observing: Set<String>? = []
    private var snapshot = false
    private var changes: [EntityChange] = []

    /// Before an event; a snapshot marks the entities it names.
    mutating func beginEvent(snapshot: Bool) {
        self.snapshot = snapshot
        if snapshot { table.clearMarks() }
    }

    /// After an event: the changes to tell.
    mutating func endEvent() -> [EntityChange] {
        if snapshot {
            // From the end down: a removal moves the last entry, already looked at, into the gap.
            for entry in (0..<table.count).reversed() where !table.marked[entry] { removeEntry(entry) }
            snapshot = false
        }
        defer { changes = [] }
        return changes
    }

    /// Which entities someone observes from now on: those in `entityIDs`, or all when it is nil.
    mutating func observe(_ entityIDs: Set<String>?) {
        observing = entityIDs
        table.observe(entityIDs)
    }

    /// Adds (or replaces) the state `reader` is at as `id`'s.
    mutating func add(_ id: String, _ reader: inout JSONReader) throws(JSONParseError) {
        guard let state = try CompactEntityState(reading: &reader, keys: keys) else {
            // Named, so a snapshot keeps what the entity had.
            if snapshot, let entry = table.entry(id) { table.mark(entry) }
            return
        }
        let (old, entry) = table.set(id, state, observed: observing?.contains(id) ?? true)
        if snapshot { table.mark(entry) }
        // Compared only when someone observes it: a snapshot after a reconnect names every entity.
        guard table.observed[entry] else { return }
        let oldState = old?.expanded(entityID: id, keys: keys), newState = state.expanded(entityID: id, keys: keys)
        if oldState != newState { changes.append(EntityChange(entityID: id, oldState: oldState, newState: newState)) }
    }

    /// Applies the diff `reader` is at to the state of the entity whose id is `id` as it reads it
    /// (an unknown entity's diff is stepped over).
    mutating func change(_ id: UnsafeBufferPointer<UInt8>, _ reader: inout JSONReader) throws(JSONParseError) {
        guard let entry = table.entry(id) else { return try reader.skip() }
        guard table.observed[entry] else {
            // Nobody needs the old state: change the stored one in place, without a copy.
            return try table.modify(entry) { state throws(JSONParseError) in try state.apply(reading: &reader, keys: keys) }
        }
        let name = table.ids[entry]
        let old = table.states[entry].expanded(entityID: name, keys: keys)
        try table.modify(entry) { state throws(JSONParseError) in try state.apply(reading: &reader, keys: keys) }
        changes.append(EntityChange(entityID: name, oldState: old, newState: table.states[entry].expanded(entityID: name, keys: keys)))
    }

    mutating func remove(_ id: String) {
        guard let entry = table.entry(id) else { return }
        removeEntry(entry)
    }

    private mutating func removeEntry(_ entry: Int) {
        let wasObserved = table.observed[entry]
        let (id, old) = table.remove(entry)
        if wasObserved { changes.append(EntityChange(entityID: id, oldState: old.expanded(entityID: id, keys: keys), newState: nil)) }
    }
}
