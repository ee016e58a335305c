import Foundation

/// Counters for `GET /metrics`, in Prometheus' text format.
public final class RelayMetrics: @unchecked Sendable {
    // Guarded by `lock`.
    @exclusivity(unchecked) private var requests: [Int: Int] = [:]
    @exclusivity(unchecked) private var deliveries: [String: Int] = [:]
    private let lock = NSLock()

    /// Metrics that count nothing yet.
    public init() {}

    /// Counts a request answered with `status`.
    public func countRequest(status: Int) {
        lock.withLock { requests[status, default: 0] += 1 }
    }

    /// Counts a notification delivered through `provider`.
    public func countDelivery(provider: String) {
        lock.withLock { deliveries[provider, default: 0] += 1 }
    }

    /// The exposition text, with `queueDepth` and `streams` as gauges, `dropped` (the
    /// notifications a queue cap dropped) and `backgroundFailures` as counters.
    public func render(queueDepth: Int, streams: Int, dropped: Int, backgroundFailures: Int) -> String {
        let (requests, deliveries) = lock.withLock { (self.requests, self.deliveries) }
        var lines = [
            "# HELP push_relay_requests_total HTTP requests answered, by status.",
            "# TYPE push_relay_requests_total counter",
        ]
        lines += requests.keys.sorted().map { "push_relay_requests_total{status=\"\($0)\"} \(requests[$0] ?? 0)" }
        lines += ["# HELP push_relay_deliveries_total Notifications delivered, by provider.", "# TYPE push_relay_deliveries_total counter"]
        lines += deliveries.keys.sorted().map { "push_relay_deliveries_total{provider=\"\($0)\"} \(deliveries[$0] ?? 0)" }
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
