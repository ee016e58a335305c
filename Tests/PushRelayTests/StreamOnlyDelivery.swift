import Essentials
import PushRelay

/// A delivery backend no request in the test reaches (every app id goes to a provider).
struct StreamOnlyDelivery: DeliveryBackend {
    let streams = StreamRegistry()

    func deliver(_ payload: [UInt8], to key: String, completion: @escaping @Sendable (Result<DeliveryOutcome, any Error>) -> Void) {
        completion(.success(.streamed))
    }

    func attach(_ stream: EventStream, for key: String, from address: String, after lastID: String?) throws {}
    func acknowledge(_ key: String, through id: String) throws {}
    func forget(_ key: String) {}
    func queueDepth() throws -> Int { 0 }
    var droppedCount: Int { 0 }
    var backgroundFailures: Int { 0 }
    var isHealthy: Bool { true }
    func stop() {}
}
