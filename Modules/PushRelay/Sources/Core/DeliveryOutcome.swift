/// What became of a notification the relay accepted.
public enum DeliveryOutcome: String, Sendable {
    /// Sent to a client holding `/push/stream` on this process.
    case streamed
    /// Kept until the client connects.
    case queued
    /// Handed to the shared queue, which the process holding the client sends from.
    case accepted

    /// The `message` of the 201 answer.
    var message: String {
        switch self {
        case .streamed: "delivered"
        case .queued: "queued for the client"
        case .accepted: "accepted for delivery"
        }
    }
}
