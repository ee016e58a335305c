import Essentials
import FoundationEssentials

/// How many bytes of messages the reader thread may hand over before the consumer has taken
/// them. When a batch would go over the budget the reader waits (and so stops reading the
/// socket: TCP's flow control slows the server), until the consumer takes what waits or the
/// connection ends. A batch is always let through when nothing waits, however large.
///
/// It also knows whether the consumer is idle: every batch handed over has been taken and the
/// consumer has come back for the next (so the reader may handle a message itself without
/// overtaking one the consumer is still handling).
final class ReadBudget: @unchecked Sendable {
    private let limit: Int
    // Guarded by `condition`.
    private var waiting = 0
    private var inFlight = 0
    private var cancelled = false
    private let condition = Condition()

    init(limit: Int) {
        self.limit = limit
    }

    /// Waits until `bytes` more fit; false when the connection ended meanwhile.
    func reserve(_ bytes: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !cancelled && waiting > 0 && waiting + bytes > limit { condition.wait() }
        guard !cancelled else { return false }
        waiting += bytes
        inFlight += 1
        return true
    }

    /// The consumer has finished with a batch it took and asks for the next.
    func finished() {
        condition.lock()
        inFlight = max(0, inFlight - 1)
        condition.unlock()
    }

    /// Whether every batch handed over is taken and finished with.
    var isIdle: Bool {
        condition.lock()
        defer { condition.unlock() }
        return inFlight == 0
    }

    /// The consumer took `bytes`.
    func release(_ bytes: Int) {
        condition.lock()
        waiting = max(0, waiting - bytes)
        condition.broadcast()
        condition.unlock()
    }

    /// Wakes a waiting reader for good.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }
}
