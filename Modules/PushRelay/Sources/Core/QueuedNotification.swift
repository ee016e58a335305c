/// A notification waiting in its token's queue until the client acknowledges it: its id there
/// (sent as the event's `id:`, so the client can acknowledge it or resume after it) and its payload.
public struct QueuedNotification: Sendable, Equatable {
    /// The id the queue gave it, which the client acknowledges through.
    public let id: String
    /// The notification as the device reads it (JSON).
    public let payload: String

    /// A notification queued under `id`.
    public init(id: String, payload: String) {
        self.id = id
        self.payload = payload
    }
}
