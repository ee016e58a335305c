import Essentials
import Foundation
import HAModels

/// One `subscribe_entities` event applied to the mirror's states, entity by entity: changes are
/// recorded only for entities someone observes (their old state kept for them), the rest are
/// changed in place. A snapshot pass removes, at its end, every entity it did not name.
final class EntityMirrorPass {
    private var states: [String: EntityState]
    private let observed: Set<String>?
    private let snapshot: Bool
    private var named: Set<String> = []
    private(set) var changes: [EntityChange] = []

    init(states: [String: EntityState], observed: Set<String>?, snapshot: Bool) {
        self.states = states
        self.observed = observed
        self.snapshot = snapshot
    }

    private func isObserved(_ id: String) -> Bool {
        observed?.contains(id) ?? true
    }

    func add(_ id: String, _ compressed: CompressedEntityState) {
        if snapshot { named.insert(id) }
        guard let state = EntityState(entityID: id, compressed: compressed) else { return }
        let old = states.updateValue(state, forKey: id)
        // Compared only when someone observes it: a snapshot after a reconnect names every entity.
        if isObserved(id), old != state { changes.append(EntityChange(entityID: id, oldState: old, newState: state)) }
    }

    func change(_ id: String, _ diff: CompressedEntityDiff) {
        guard let index = states.index(forKey: id) else { return }
        modify(at: index, id) { state in state.apply(diff) }
    }

    /// Applies the diff `reader` is at to `id`'s state as it reads it (an unknown entity's diff is stepped over).
    func change(_ id: String, _ reader: inout JSONReader) throws(JSONParseError) {
        guard let index = states.index(forKey: id) else { return try reader.skip() }
        try modify(at: index, id) { state throws(JSONParseError) in try state.apply(reading: &reader) }
    }

    private func modify<Failure: Error>(
        at index: [String: EntityState].Index, _ id: String, _ body: (inout EntityState) throws(Failure) -> Void
    ) throws(Failure) {
        guard isObserved(id) else {
            // Nobody needs the old state: change the stored one in place, without a copy.
            try body(&states.values[index])
            return
        }
        let old = states.values[index]
        try body(&states.values[index])
        changes.append(EntityChange(entityID: id, oldState: old, newState: states.values[index]))
    }

    func remove(_ id: String) {
        if let old = states.removeValue(forKey: id), isObserved(id) { changes.append(EntityChange(entityID: id, oldState: old, newState: nil)) }
    }

    /// The states after the event.
    func finish() -> [String: EntityState] {
        if snapshot {
            for (id, old) in states where !named.contains(id) {
                states[id] = nil
                if isObserved(id) { changes.append(EntityChange(entityID: id, oldState: old, newState: nil)) }
            }
        }
        defer { states = [:] }
        return states
    }
}
