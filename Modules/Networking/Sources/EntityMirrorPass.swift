import Essentials
import Foundation
import HAModels

/// One `subscribe_entities` event applied to the mirror's states, entity by entity, straight from
/// its bytes: changes are recorded only for entities someone observes (their old state expanded
/// for them), the rest are changed in place. A snapshot pass removes, at its end, every entity it
/// did not name.
final class EntityMirrorPass {
    private var states: [String: CompactEntityState]
    private let keys: AttributeKeys
    private let observed: Set<String>?
    private let snapshot: Bool
    private var named: Set<String> = []
    private(set) var changes: [EntityChange] = []

    init(states: [String: CompactEntityState], keys: AttributeKeys, observed: Set<String>?, snapshot: Bool) {
        self.states = states
        self.keys = keys
        self.observed = observed
        self.snapshot = snapshot
    }

    private func isObserved(_ id: String) -> Bool {
        observed?.contains(id) ?? true
    }

    /// Adds (or replaces) the state `reader` is at as `id`'s.
    func add(_ id: String, _ reader: inout JSONReader) throws(JSONParseError) {
        if snapshot { named.insert(id) }
        guard let state = try CompactEntityState(reading: &reader, keys: keys) else { return }
        let old = states.updateValue(state, forKey: id)
        // Compared only when someone observes it: a snapshot after a reconnect names every entity.
        guard isObserved(id) else { return }
        let oldState = old?.expanded(entityID: id, keys: keys), newState = state.expanded(entityID: id, keys: keys)
        if oldState != newState { changes.append(EntityChange(entityID: id, oldState: oldState, newState: newState)) }
    }

    /// Applies the diff `reader` is at to `id`'s state as it reads it (an unknown entity's diff is stepped over).
    func change(_ id: String, _ reader: inout JSONReader) throws(JSONParseError) {
        guard let index = states.index(forKey: id) else { return try reader.skip() }
        guard isObserved(id) else {
            // Nobody needs the old state: change the stored one in place, without a copy.
            return try states.values[index].apply(reading: &reader, keys: keys)
        }
        let old = states.values[index].expanded(entityID: id, keys: keys)
        try states.values[index].apply(reading: &reader, keys: keys)
        changes.append(EntityChange(entityID: id, oldState: old, newState: states.values[index].expanded(entityID: id, keys: keys)))
    }

    func remove(_ id: String) {
        if let old = states.removeValue(forKey: id), isObserved(id) {
            changes.append(EntityChange(entityID: id, oldState: old.expanded(entityID: id, keys: keys), newState: nil))
        }
    }

    /// The states after the event.
    func finish() -> [String: CompactEntityState] {
        if snapshot {
            for (id, old) in states where !named.contains(id) {
                states[id] = nil
                if isObserved(id) { changes.append(EntityChange(entityID: id, oldState: old.expanded(entityID: id, keys: keys), newState: nil)) }
            }
        }
        defer { states = [:] }
        return states
    }
}
