import Essentials
import Foundation
import HAModels

/// The state behind an ``EntityStore``: every entity's state, kept by the `subscribe_entities`
/// updates the connection hands it as it reads them (on the connection's executor), with the
/// observers and snapshot waiters to tell. Guarded by a lock: the store reads it from its own actor.
final class EntityMirror: @unchecked Sendable {
    private let lock = NSLock()
    private var states: [String: EntityState] = [:]
    private var observers: [UUID: (entityIDs: Set<String>?, continuation: AsyncStream<EntityChange>.Continuation)] = [:]
    private var snapshotWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var expectingSnapshot = true
    private var snapshots = 0
    private var ended = false
    private var failureSeen: (any Error)?

    var failure: (any Error)? { lock.withLock { failureSeen } }

    var all: [String: EntityState] { lock.withLock { states } }
    var snapshotCount: Int { lock.withLock { snapshots } }

    func state(of entityID: String) -> EntityState? {
        lock.withLock { states[entityID] }
    }

    /// One update from the subscription; a malformed event ends the mirror with its error.
    func receive(_ update: SubscriptionUpdate) {
        switch update {
        case .subscribed: lock.withLock { expectingSnapshot = true }
        case .events(let events):
            do {
                for event in events { try apply(EntitiesEvent(json: event)) }
            } catch {
                end(failure: error)
            }
        }
    }

    /// One event's bytes, read straight into the mirror; a malformed event ends the mirror with its error.
    func receive(_ bytes: UnsafeBufferPointer<UInt8>) {
        do {
            try apply(EntitiesEvent(reading: bytes))
        } catch {
            end(failure: error)
        }
    }

    /// The subscription ended (stopped, or failed with `failure`): waiters and observers are let go.
    func end(failure error: (any Error)?) {
        let (waiters, continuations) = lock.withLock { () -> ([CheckedContinuation<Void, Never>], [AsyncStream<EntityChange>.Continuation]) in
            ended = true
            if let error, failureSeen == nil { failureSeen = error }
            defer {
                snapshotWaiters = []
                observers = [:]
            }
            return (snapshotWaiters.map(\.continuation), observers.values.map(\.continuation))
        }
        for waiter in waiters { waiter.resume() }
        for continuation in continuations { continuation.finish() }
    }

    /// Starts over after a stop: the next update is a snapshot again.
    func restart() {
        lock.withLock {
            ended = false
            expectingSnapshot = true
        }
    }

    /// Waits until `count` snapshots were applied or the mirror ended.
    func waitForSnapshot(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = lock.withLock { () -> Bool in
                guard snapshots < count, !ended else { return true }
                snapshotWaiters.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }

    func changes(of entityIDs: Set<String>?) -> AsyncStream<EntityChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: EntityChange.self)
        let key = UUID()
        lock.withLock { observers[key] = (entityIDs, continuation) }
        continuation.onTermination = { [weak self] _ in self?.lock.withLock { _ = self?.observers.removeValue(forKey: key) } }
        return stream
    }

    private func apply(_ event: EntitiesEvent) {
        let (changes, observing, waiters) = lock.withLock { () -> ([EntityChange], [(Set<String>?, AsyncStream<EntityChange>.Continuation)], [CheckedContinuation<Void, Never>]) in
            let changes = applyLocked(event)
            let reached = snapshotWaiters.filter { $0.count <= snapshots }.map(\.continuation)
            snapshotWaiters.removeAll { $0.count <= snapshots }
            return (changes, changes.isEmpty ? [] : observers.values.map { ($0.entityIDs, $0.continuation) }, reached)
        }
        for change in changes {
            for (entityIDs, continuation) in observing where entityIDs?.contains(change.entityID) ?? true {
                continuation.yield(change)
            }
        }
        for waiter in waiters { waiter.resume() }
    }

    private func applyLocked(_ event: EntitiesEvent) -> [EntityChange] {
        var changes: [EntityChange] = []
        if expectingSnapshot {
            expectingSnapshot = false
            let snapshot = Set(event.added?.keys.map { $0 } ?? [])
            for (id, old) in states where !snapshot.contains(id) {
                states[id] = nil
                changes.append(EntityChange(entityID: id, oldState: old, newState: nil))
            }
            snapshots += 1
        }
        for (id, compressed) in event.added ?? [:] {
            guard let state = EntityState(entityID: id, compressed: compressed) else { continue }
            let old = states[id]
            states[id] = state
            if old != state { changes.append(EntityChange(entityID: id, oldState: old, newState: state)) }
        }
        for (id, diff) in event.changed ?? [:] {
            guard states[id] != nil else { continue }
            guard isObserved(id) else {
                // Nobody needs the old state: change the stored one in place, without a copy.
                states[id]?.apply(diff)
                continue
            }
            guard let old = states[id] else { continue }
            let state = old.applying(diff)
            states[id] = state
            changes.append(EntityChange(entityID: id, oldState: old, newState: state))
        }
        for id in event.removed ?? [] {
            if let old = states.removeValue(forKey: id) { changes.append(EntityChange(entityID: id, oldState: old, newState: nil)) }
        }
        return changes
    }

    private func isObserved(_ entityID: String) -> Bool {
        observers.values.contains { $0.entityIDs?.contains(entityID) ?? true }
    }
}
