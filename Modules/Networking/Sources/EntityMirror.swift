import Essentials
import FoundationEssentials
import HAModels
import Transport

/// The state behind an ``EntityStore``: every entity's state, kept by the `subscribe_entities`
/// updates the connection hands it as it reads them (on the connection's executor), with the
/// observers and snapshot waiters to tell. Guarded by a lock: the store reads it from its own actor.
final class EntityMirror: @unchecked Sendable {
    private let lock = Lock()
    private var state = EntityMirrorState()
    private var observers: [UUID: (entityIDs: Set<String>?, continuation: AsyncStream<EntityChange>.Continuation)] = [:]
    /// Called with every change, on the reader, before any observer's stream hears of it.
    private var handlers: [UUID: @Sendable (EntityChange) -> Void] = [:]
    private var snapshotWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var expectingSnapshot = true
    private var snapshots = 0
    private var ended = false
    private var failureSeen: (any Error)?
    /// ``all`` as last expanded, kept until the next event: a reader that asks again and again
    /// while nothing changes (a device model assembling its devices) expands the states once.
    private var expandedAll: [String: EntityState]?

    var failure: (any Error)? { lock.withLock { failureSeen } }

    var all: [String: EntityState] {
        lock.withLock {
            if let expandedAll { return expandedAll }
            var all: [String: EntityState] = Dictionary(minimumCapacity: state.table.count)
            for (id, entity) in zip(state.table.ids, state.table.states) { all[id] = entity.expanded(entityID: id, keys: state.keys) }
            expandedAll = all
            return all
        }
    }
    var snapshotCount: Int { lock.withLock { snapshots } }

    func state(of entityID: String) -> EntityState? {
        lock.withLock { state.table.entry(entityID).map { state.table.states[$0].expanded(entityID: entityID, keys: state.keys) } }
    }

    /// One update from the subscription; a malformed event ends the mirror with its error. An event
    /// the connection parsed (one that came before its subscription's id) is applied from its bytes
    /// again, as every other event is.
    func receive(_ update: SubscriptionUpdate) {
        switch update {
        case .subscribed: lock.withLock { expectingSnapshot = true }
        case .events(let events):
            for event in events {
                do {
                    let bytes = try JSONSerializer.data(event)
                    let applied = bytes.withUnsafeBufferPointer { buffer in
                        var reader = JSONReader(buffer)
                        return receive(&reader)
                    }
                    guard applied else { return }
                } catch {
                    return end(failure: error)
                }
            }
        }
    }

    /// The event `reader` is at, applied entity by entity as it is read (a snapshot is never held
    /// whole beside the states); a malformed event ends the mirror with its error, and is false.
    func receive(_ reader: inout JSONReader) -> Bool {
        var failure: (any Error)?
        applying {
            do {
                try EntitiesEvent.read(from: &reader, into: &state)
            } catch {
                failure = error
            }
        }
        guard let failure else { return true }
        end(failure: failure)
        return false
    }

    /// The subscription ended (stopped, or failed with `failure`): waiters and observers are let go.
    func end(failure error: (any Error)?) {
        let (waiters, continuations) = lock.withLock { () -> ([CheckedContinuation<Void, Never>], [AsyncStream<EntityChange>.Continuation]) in
            ended = true
            if let error, failureSeen == nil { failureSeen = error }
            defer {
                snapshotWaiters = []
                observers = [:]
                observersChanged()
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
        lock.withLock {
            observers[key] = (entityIDs, continuation)
            observersChanged()
        }
        continuation.onTermination = { [weak self] _ in self?.removeObserver(key) }
        return stream
    }

    func addHandler(_ handler: @escaping @Sendable (EntityChange) -> Void) -> UUID {
        let key = UUID()
        lock.withLock {
            handlers[key] = handler
            observersChanged()
        }
        return key
    }

    func removeHandler(_ key: UUID) {
        lock.withLock {
            handlers[key] = nil
            observersChanged()
        }
    }

    private func removeObserver(_ key: UUID) {
        lock.withLock {
            observers[key] = nil
            observersChanged()
        }
    }

    /// Runs one event's changes under the lock (a snapshot first clears what it does not name),
    /// then tells the handlers, the observers and the snapshot waiters, in that order.
    private func applying(_ body: () -> Void) {
        typealias Listener = (Set<String>?, AsyncStream<EntityChange>.Continuation)
        let (changes, called, listeners, waiters) = lock.withLock { () -> ([EntityChange], [@Sendable (EntityChange) -> Void], [Listener], [CheckedContinuation<Void, Never>]) in
            expandedAll = nil
            state.beginEvent(snapshot: expectingSnapshot)
            body()
            let changes = state.endEvent()
            var reached: [CheckedContinuation<Void, Never>] = []
            if expectingSnapshot {
                expectingSnapshot = false
                snapshots += 1
                reached = snapshotWaiters.filter { $0.count <= snapshots }.map(\.continuation)
                snapshotWaiters.removeAll { $0.count <= snapshots }
            }
            guard !changes.isEmpty else { return (changes, [], [], reached) }
            return (changes, Array(handlers.values), observers.values.map { ($0.entityIDs, $0.continuation) }, reached)
        }
        for handler in called {
            for change in changes { handler(change) }
        }
        for change in changes {
            for (entityIDs, continuation) in listeners where entityIDs?.contains(change.entityID) ?? true {
                continuation.yield(change)
            }
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Works out, under the lock, which entities some observer wants changes of, once per change
    /// of observers rather than once per diff.
    private func observersChanged() {
        var union: Set<String>? = handlers.isEmpty ? [] : nil
        for observer in observers.values where union != nil {
            guard let ids = observer.entityIDs else {
                union = nil
                break
            }
            union?.formUnion(ids)
        }
        state.observe(union)
    }
}
