import FoundationEssentials

/// A message waiting in an ``Outbox``.
public struct OutboxMessage: Sendable, Equatable {
    /// Its position in the outbox; messages are taken in id order.
    public let id: Int64
    /// Changes each time a newer payload replaces this message's, so acknowledging an older
    /// payload never removes a newer one.
    public let revision: Int64
    /// The coalescing key, if it was enqueued with one.
    public let key: String?
    /// The bytes to deliver.
    public let payload: Data
    /// How many deliveries have failed.
    public let attempts: Int
    /// When it was first enqueued.
    public let enqueuedAt: Date
    /// Why the last delivery failed, if one did.
    public let lastError: String?
}
