import Foundation

/// Requests per second per IP address, as a token bucket (a burst of twice the rate), so one
/// client flooding the relay gets 429 cheaply and leaves the threads, the store and the CPU to
/// everyone else. Its table is bounded: full buckets (idle addresses) are forgotten when it
/// reaches `addresses` entries, and while every entry is busy new addresses wait.
final class AddressRateLimiter: @unchecked Sendable {
    private let rate: Double
    private let burst: Double
    private let addresses: Int
    // Guarded by `lock`: each address's tokens and when they were counted.
    @exclusivity(unchecked) private var buckets: [String: (tokens: Double, at: Double)] = [:]
    private let lock = RequestLock()

    init(perSecond rate: Int, addresses: Int = 65_536) {
        self.rate = Double(rate)
        burst = Double(rate) * 2
        self.addresses = addresses
    }

    /// Takes one request for `address` at `now` (seconds); false when it is over its rate.
    func take(_ address: String, now: Double) -> Bool {
        lock.withLock {
            // A known address is changed where it lies: its text is hashed once a request.
            if let known = buckets.index(forKey: address) {
                return take(from: &buckets.values[known], now: now)
            }
            if buckets.count >= addresses {
                buckets = buckets.filter { _, old in old.tokens + (now - old.at) * rate < burst }
                guard buckets.count < addresses else { return false }
            }
            var bucket = (tokens: burst, at: now)
            let taken = take(from: &bucket, now: now)
            buckets[address] = bucket
            return taken
        }
    }

    /// Refills `bucket` for the time since it was counted, then takes one token if it has one.
    private func take(from bucket: inout (tokens: Double, at: Double), now: Double) -> Bool {
        bucket.tokens = min(burst, bucket.tokens + (now - bucket.at) * rate)
        bucket.at = now
        guard bucket.tokens >= 1 else { return false }
        bucket.tokens -= 1
        return true
    }
}
