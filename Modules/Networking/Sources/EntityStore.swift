import Foundation
import HAModels

/// A live mirror of every entity's state, kept by `subscribe_entities` and its compressed updates.
///
/// Each (re)subscription starts with a complete snapshot, which replaces the store: entities
/// removed while the connection was down disappear then. Observers get an ``EntityChange`` per
/// entity that was added, changed or removed.
public actor EntityStore {
    private let connection: HomeAssistantConnection
    private var states: [String: EntityState] = [:]
    private var observers: [UUID: (entityIDs: Set<String>?, continuation: AsyncStream<EntityChange>.Continuation)] = [:]
    private var snapshotWaiters: [CheckedContinuation<Void, Never>] = []
    private var expectingSnapshot = true
    private var snapshots = 0
    private var task: Task<Void, Never>?
    /// Why the subscription ended, if it did.
    public private(set) var failure: (any Error)?

    /// Creates a store over `connection`; ``start()`` subscribes.
    public init(connection: HomeAssistantConnection) {
        self.connection = connection
    }

    /// Subscribes and keeps the mirror up to date until ``stop()``.
    public func start() {
        guard task == nil else { return }
        task = Task {
            do {
                for try await update in await connection.subscribe("subscribe_entities") {
                    switch update {
                    case .subscribed: expectingSnapshot = true
                    case .events(let events): for event in events { try apply(EntitiesEvent(json: event)) }
                    }
                }
            } catch {
                failure = error
            }
        }
    }

    /// Stops mirroring; the last known states stay readable.
    public func stop() {
        task?.cancel()
        task = nil
        let waiters = snapshotWaiters
        snapshotWaiters = []
        for waiter in waiters { waiter.resume() }
        for observer in observers.values { observer.continuation.finish() }
        observers = [:]
    }

    /// Every entity's state, by id.
    public var all: [String: EntityState] { states }

    /// One entity's state.
    public func state(of entityID: String) -> EntityState? { states[entityID] }

    /// How many snapshots have been applied: one per (re)subscription.
    public var snapshotCount: Int { snapshots }

    /// Waits until the store holds at least `count` snapshots (1: the first one after starting),
    /// or until it is stopped.
    public func waitForSnapshot(_ count: Int = 1) async {
        while snapshots < count && task != nil {
            await withCheckedContinuation { snapshotWaiters.append($0) }
        }
    }

    /// Changes as they happen, for the given entities or for all when `entityIDs` is nil.
    public func changes(of entityIDs: Set<String>? = nil) -> AsyncStream<EntityChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: EntityChange.self)
        let key = UUID()
        observers[key] = (entityIDs, continuation)
        continuation.onTermination = { _ in Task { await self.removeObserver(key) } }
        return stream
    }

    private func apply(_ event: EntitiesEvent) {
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
        for change in changes {
            for observer in observers.values where observer.entityIDs?.contains(change.entityID) ?? true {
                observer.continuation.yield(change)
            }
        }
        let waiters = snapshotWaiters
        snapshotWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    private func isObserved(_ entityID: String) -> Bool {
        observers.values.contains { $0.entityIDs?.contains(entityID) ?? true }
    }

    private func removeObserver(_ key: UUID) {
        observers[key] = nil
    }
}
