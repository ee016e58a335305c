import Dispatch
import Essentials
import FoundationEssentials
import Glibc

/// SIGINT and SIGTERM for a long-running command: once created, the signals no longer kill the
/// process; waiters wake when the first one arrives, so the command can finish its work and exit.
public final class TerminationSignals: @unchecked Sendable {
    // Guarded by `lock`.
    private var received = false
    private var waiters: [UUID: CheckedContinuation<Bool, Never>] = [:]
    private var sources: [any DispatchSourceSignal] = []
    private let lock = Lock()

    public init() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.deliver() }
            source.resume()
            sources.append(source)
        }
    }

    /// Whether a signal has arrived.
    public var isTerminating: Bool { lock.withLock { received } }

    /// Waits until a signal arrives.
    public func wait() async {
        _ = await wait(upTo: .infinity)
    }

    /// Waits until a signal arrives or `seconds` pass; true when a signal arrived.
    public func wait(upTo seconds: Double) async -> Bool {
        let key = UUID()
        return await withCheckedContinuation { continuation in
            let done = lock.withLock { () -> Bool in
                if received { return true }
                waiters[key] = continuation
                return false
            }
            if done { return continuation.resume(returning: true) }
            guard seconds.isFinite else { return }
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [weak self] in
                self?.timeOut(key)
            }
        }
    }

    private func timeOut(_ key: UUID) {
        let waiter = lock.withLock { waiters.removeValue(forKey: key) }
        waiter?.resume(returning: false)
    }

    private func deliver() {
        let pending = lock.withLock { () -> [CheckedContinuation<Bool, Never>] in
            received = true
            defer { waiters = [:] }
            return Array(waiters.values)
        }
        for waiter in pending { waiter.resume(returning: true) }
    }
}
