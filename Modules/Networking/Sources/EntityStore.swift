import FoundationEssentials
import HAModels
import Transport

/// A live mirror of every entity's state, kept by `subscribe_entities` and its compressed updates.
///
/// Each (re)subscription starts with a complete snapshot, which replaces the store: entities
/// removed while the connection was down disappear then. Observers get an ``EntityChange`` per
/// entity that was added, changed or removed.
///
/// The connection applies each update as it reads it (a handler subscription): nothing queues
/// between the socket and the mirror, so the store's memory does not grow with the server's pace.
public actor EntityStore {
    private let connection: HomeAssistantConnection
    private let mirror = EntityMirror()
    private var token: SubscriptionToken?

    /// Creates a store over `connection`; ``start()`` subscribes.
    public init(connection: HomeAssistantConnection) {
        self.connection = connection
    }

    /// Subscribes and keeps the mirror up to date until ``stop()``.
    public func start() async {
        guard token == nil else { return }
        mirror.restart()
        token = await connection.subscribe(
            "subscribe_entities", handler: { [mirror] update in mirror.receive(update) }, eventReader: { [mirror] reader in mirror.receive(&reader) },
            finished: { [mirror] error in mirror.end(failure: error) })
    }

    /// Stops mirroring; the last known states stay readable.
    public func stop() async {
        guard let token else { return }
        self.token = nil
        await connection.cancel(token)
    }

    /// Why the subscription ended, if it did.
    public var failure: (any Error)? { mirror.failure }

    /// Every entity's state, by id, as the mirror holds it now (readable without a hop, so an
    /// observer can take it between two of its changes).
    public nonisolated var all: [String: EntityState] { mirror.all }

    /// One entity's state.
    public func state(of entityID: String) -> EntityState? { mirror.state(of: entityID) }

    /// How many snapshots have been applied: one per (re)subscription.
    public var snapshotCount: Int { mirror.snapshotCount }

    /// Waits until the store holds at least `count` snapshots (1: the first one after starting),
    /// or until it is stopped.
    public func waitForSnapshot(_ count: Int = 1) async {
        guard token != nil else { return }
        await mirror.waitForSnapshot(count)
    }

    /// Calls `handler` with every change, on the connection's reader as the change is applied and
    /// before any ``changes(of:)`` stream hears of it, until ``removeChangeHandler(_:)``: for a
    /// view that must be as current as the store (it must return quickly and not wait on the store).
    public nonisolated func addChangeHandler(_ handler: @escaping @Sendable (EntityChange) -> Void) -> UUID {
        mirror.addHandler(handler)
    }

    /// Stops calling the handler `key` names.
    public nonisolated func removeChangeHandler(_ key: UUID) { mirror.removeHandler(key) }

    /// Changes as they happen, for the given entities or for all when `entityIDs` is nil.
    public func changes(of entityIDs: Set<String>? = nil) -> AsyncStream<EntityChange> {
        mirror.changes(of: entityIDs)
    }
}
