import HAModels
import Transport

/// A change to one entity in an ``EntityStore``: added (no old state), changed, or removed (no new state).
public struct EntityChange: Sendable, Equatable {
    public let entityID: String
    public let oldState: EntityState?
    public let newState: EntityState?
}
