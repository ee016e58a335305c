import Foundation

/// Counters for `GET /metrics`, in Prometheus' text format.
public final class RelayMetrics: @unchecked Sendable {
    // Guarded by `lock`: requests by status (an HTTP status, 100-599, is its index), and
    // deliveries by provider, in the order they first delivered (a relay has a few routes, so
    // finding one costs less than hashing its name).
    @exclusivity(unchecked) private var requests = [Int](repeating: 0, count: 600)
    @exclusivity(unchecked) private var deliveries: [(provider: String, count: Int)] = []
    private let lock = RequestLock()

    /// Metrics that count nothing yet.
    public init() {}

    /// Counts a request answered with `status`.
    public func countRequest(status: Int) {
        let index = min(max(status, 0), 599)
        lock.withLock { requests[index] += 1 }
    }

    /// Counts a notification delivered through `provider`.
    public func countDelivery(provider: String) {
        lock.withLock {
            if let index = deliveries.firstIndex(where: { $0.provider == provider }) {
                deliveries[index].count += 1
            } else {
                deliveries.append((provider, 1))
            }
        }
    }

    /// The exposition text, with `queueDepth` and `streams` as gauges, `dropped` (the
    /// notifications a queue cap dropped) and `backgroundFailures` as counters.
    public func render(queueDepth: Int, streams: Int, dropped: Int, backgroundFailures: Int) -> String {
        let (requests, deliveries) = lock.withLock { (self.requests, self.deliveries) }
        var lines = [
            "# HELP push_relay_requests_total HTTP requests answered, by status.",
            "# TYPE push_relay_requests_total counter",
        ]
        lines += requests.indices.filter { requests[$0] > 0 }.map { "push_relay_requests_total{status=\"\($0)\"} \(requests[$0])" }
        lines += ["# HELP push_relay_deliveries_total Notifications delivered, by provider.", "# TYPE push_relay_deliveries_total counter"]
        lines += deliveries.sorted { $0.provider < $1.provider }.map { "push_relay_deliveries_total{provider=\"\($0.provider)\"} \($0.count)" }
        lines += [
            "# HELP push_relay_queue_depth Notifications queued until their device acknowledges them.", "# TYPE push_relay_queue_depth gauge",
            "push_relay_queue_depth \(queueDepth)",
            "# HELP push_relay_streams Clients holding /push/stream.", "# TYPE push_relay_streams gauge",
            "push_relay_streams \(streams)",
            "# HELP push_relay_dropped_total Notifications dropped, oldest first, because a queue cap was reached.",
            "# TYPE push_relay_dropped_total counter",
            "push_relay_dropped_total \(dropped)",
            "# HELP push_relay_background_failures_total Background work of the delivery store that failed (each also logged).",
            "# TYPE push_relay_background_failures_total counter",
            "push_relay_background_failures_total \(backgroundFailures)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
