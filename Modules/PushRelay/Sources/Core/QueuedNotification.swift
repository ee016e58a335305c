/// A notification waiting in its token's queue until the client acknowledges it: its id there
/// (sent as the event's `id:`, so the client can acknowledge it or resume after it) and its payload.
public struct QueuedNotification: Sendable, Equatable {
    public let id: String
    public let payload: String

    public init(id: String, payload: String) {
        self.id = id
        self.payload = payload
    }
}
