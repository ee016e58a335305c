import Essentials
import FoundationEssentials
import Synchronization

/// The daemon's one way to wait: until an interval passes on an injected clock, a report is
/// requested, the server's address changes, or a stop is requested. Tests pass a `sleep` they control, so no test waits for real time.
public final class AgentWakeups: Sendable {
    private struct Waiter {
        let continuation: CheckedContinuation<AgentWake, Never>
        let timer: Task<Void, Never>?
    }

    private struct State {
        var stopping = false
        var reportPending = false
        var movePending = false
        var waiters: [UUID: Waiter] = [:]
    }

    private let state = Mutex(State())
    private let sleep: @Sendable (Double) async -> Void

    /// Creates wakeups over `sleep` (seconds), by default the system clock.
    public init(sleep: @escaping @Sendable (Double) async -> Void = AgentWakeups.systemSleep) {
        self.sleep = sleep
    }

    /// Sleeps on the system clock until `seconds` pass or the sleep is cancelled.
    public static let systemSleep: @Sendable (Double) async -> Void = { seconds in
        // A cancelled sleep is a wake that came first, not a failure.
        try? await Current.sleep(seconds)
    }

    /// Waits until `seconds` pass, a report is requested, or a stop is; a request made while
    /// nobody waited wakes the next wait at once.
    public func wait(upTo seconds: Double) async -> AgentWake {
        let key = UUID()
        return await withCheckedContinuation { continuation in
            let immediate = state.withLock { state -> AgentWake? in
                if state.stopping { return .stopRequested }
                if state.movePending {
                    state.movePending = false
                    return .addressChanged
                }
                if state.reportPending {
                    state.reportPending = false
                    return .reportRequested
                }
                state.waiters[key] = Waiter(continuation: continuation, timer: nil)
                return nil
            }
            if let immediate { return continuation.resume(returning: immediate) }
            // Registered first, so a sleep that returns at once still finds the waiter.
            let timer = Task { [sleep] in
                await sleep(seconds)
                if !Task.isCancelled { self.wake(key, .elapsed) }
            }
            let attached = state.withLock { state -> Bool in
                guard let waiter = state.waiters[key] else { return false }
                state.waiters[key] = Waiter(continuation: waiter.continuation, timer: timer)
                return true
            }
            if !attached { timer.cancel() }
        }
    }

    /// Asks for a report now: wakes the daemon, or its next wait.
    public func requestReport() {
        wakeOrKeep(.reportRequested, pending: \.reportPending)
    }

    /// Tells the daemon the server is reached at another URL now: wakes it, or its next wait.
    public func requestMove() {
        wakeOrKeep(.addressChanged, pending: \.movePending)
    }

    /// Wakes every wait with `reason`, or, when nobody waits, keeps it for the next wait.
    private func wakeOrKeep(_ reason: AgentWake, pending: WritableKeyPath<State, Bool>) {
        let waiting = state.withLock { state -> [Waiter] in
            if state.waiters.isEmpty { state[keyPath: pending] = true }
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiting { finish(waiter, reason) }
    }

    /// Asks the daemon to stop: wakes every wait now and later.
    public func requestStop() {
        let waiting = state.withLock { state -> [Waiter] in
            state.stopping = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiting { finish(waiter, .stopRequested) }
    }

    private func wake(_ key: UUID, _ reason: AgentWake) {
        guard let waiter = state.withLock({ $0.waiters.removeValue(forKey: key) }) else { return }
        finish(waiter, reason)
    }

    private func finish(_ waiter: Waiter, _ reason: AgentWake) {
        waiter.timer?.cancel()
        waiter.continuation.resume(returning: reason)
    }
}
