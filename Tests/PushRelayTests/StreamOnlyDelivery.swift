import Essentials
import PushRelay

/// A delivery backend no request in the test reaches (every app id goes to a provider).
struct StreamOnlyDelivery: DeliveryBackend {
    let streams = StreamRegistry()

    func deliver(_ payload: JSONValue, to token: String, completion: @escaping @Sendable (Result<DeliveryOutcome, any Error>) -> Void) {
        completion(.success(.streamed))
    }

    func attach(_ stream: EventStream, for token: String) throws {}
    func queueDepth() throws -> Int { 0 }
    func stop() {}
}
