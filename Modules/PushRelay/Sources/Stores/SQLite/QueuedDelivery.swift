import Foundation

/// One notification on its way into the SQLite queue, handed from its write to the write's
/// completion (both on the writer thread, one after the other): the id it got, so that a write
/// that failed after it was indexed can be taken out of the index. The write and the completion
/// hold only this object, so neither needs a closure context of its own.
final class QueuedDelivery: @unchecked Sendable {
    let delivery: LocalDelivery
    let bytes: [UInt8]
    let key: String
    let date: Date
    let completion: @Sendable (Result<DeliveryOutcome, any Error>) -> Void
    var id: Int64?

    init(delivery: LocalDelivery, bytes: [UInt8], key: String, date: Date, completion: @escaping @Sendable (Result<DeliveryOutcome, any Error>) -> Void) {
        self.delivery = delivery
        self.bytes = bytes
        self.key = key
        self.date = date
        self.completion = completion
    }
}
