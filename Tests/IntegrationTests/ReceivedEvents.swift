import Essentials
import Foundation
import Networking

/// The events of one `subscribe_events` subscription, collected as they arrive, waited for with a
/// deadline.
final class ReceivedEvents: @unchecked Sendable {
    private let lock = NSLock()
    private var received: [[String: JSONValue]] = []
    private var reading: Task<Void, Never>?

    /// Subscribes on `connection` to `eventType` and waits until the server confirmed it.
    init(_ connection: HomeAssistantConnection, eventType: String) async throws {
        let events = await connection.subscribe("subscribe_events", ["event_type": .string(eventType)])
        var iterator = events.makeAsyncIterator()
        _ = try await iterator.next()  // subscribed
        reading = Task { [weak self, iterator] in
            var iterator = iterator
            while let update = try? await iterator.next() {
                guard case .events(let fired) = update, let self else { continue }
                self.lock.withLock { self.received += fired.compactMap { $0.objectValue?["data"]?.objectValue } }
            }
        }
    }

    /// The data of the `index`th event (from 0), once it came within `seconds`; nil if it did not.
    func data(_ index: Int, within seconds: Double = 15) async -> [String: JSONValue]? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let data = lock.withLock({ received.count > index ? received[index] : nil }) { return data }
            try? await Task.sleep(nanoseconds: 50_000_000)
        }
        return nil
    }

    /// The data of the first event that `matches`, once one came within `seconds`; nil if none did.
    /// For event types others fire too (`call_service` from the frontend or the server itself).
    func data(matching matches: ([String: JSONValue]) -> Bool, within seconds: Double = 15) async -> [String: JSONValue]? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let data = lock.withLock({ received.first(where: matches) }) { return data }
            try? await Task.sleep(nanoseconds: 50_000_000)
        }
        return nil
    }

    /// How many events came so far.
    var count: Int { lock.withLock { received.count } }

    deinit {
        reading?.cancel()
    }
}
