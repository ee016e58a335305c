import Essentials
import Foundation
import HAModels

/// One `subscribe_entities` event applied to the mirror's states, entity by entity, straight from
/// its bytes: changes are recorded only for entities someone observes (their old state expanded
/// for them), the rest are changed in place. A snapshot pass removes, at its end, every entity it
/// did not name.
final class EntityMirrorPass {
    private var table: EntityTable
    private let keys: AttributeKeys
    /// Whom observers want, for the entities the pass adds.
    private let observing: Set<String>?
    private let snapshot: Bool
    private(set) var changes: [EntityChange] = []

    init(table: EntityTable, keys: AttributeKeys, observing: Set<String>?, snapshot: Bool) {
        self.table = table
        self.keys = keys
        self.observing = observing
        self.snapshot = snapshot
        if snapshot { self.table.clearMarks() }
    }

    /// Adds (or replaces) the state `reader` is at as `id`'s.
    func add(_ id: String, _ reader: inout JSONReader) throws(JSONParseError) {
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
    func change(_ id: UnsafeBufferPointer<UInt8>, _ reader: inout JSONReader) throws(JSONParseError) {
        guard let entry = table.entry(id) else { return try reader.skip() }
        let keys = keys
        guard table.observed[entry] else {
            // Nobody needs the old state: change the stored one in place, without a copy.
            return try table.modify(entry) { state throws(JSONParseError) in try state.apply(reading: &reader, keys: keys) }
        }
        let name = table.ids[entry]
        let old = table.states[entry].expanded(entityID: name, keys: keys)
        try table.modify(entry) { state throws(JSONParseError) in try state.apply(reading: &reader, keys: keys) }
        changes.append(EntityChange(entityID: name, oldState: old, newState: table.states[entry].expanded(entityID: name, keys: keys)))
    }

    func remove(_ id: String) {
        guard let entry = table.entry(id) else { return }
        removeEntry(entry)
    }

    /// The states after the event.
    func finish() -> EntityTable {
        if snapshot {
            // From the end down: a removal moves the last entry, already looked at, into the gap.
            for entry in (0..<table.count).reversed() where !table.marked[entry] { removeEntry(entry) }
        }
        defer { table = EntityTable() }
        return table
    }

    private func removeEntry(_ entry: Int) {
        let wasObserved = table.observed[entry]
        let (id, old) = table.remove(entry)
        if wasObserved { changes.append(EntityChange(entityID: id, oldState: old.expanded(entityID: id, keys: keys), newState: nil)) }
    }
}
