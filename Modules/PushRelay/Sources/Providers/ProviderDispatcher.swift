import Foundation

/// Runs provider sends (APNs, FCM: network calls of up to their timeout, and the token
/// refreshes they need) on threads of their own, so a slow provider never holds a request
/// thread. The queue is bounded, in all and per token, so one busy token cannot take every place
/// from the others: when either is full, ``submit(for:_:)`` refuses and the request is answered
/// 503 at once.
final class ProviderDispatcher: @unchecked Sendable {
    private let capacity: Int
    private let perToken: Int
    // Guarded by `condition`: the jobs, and how many of each token's are queued or running.
    private var jobs: [@Sendable () -> Void] = []
    private var pending: [String: Int] = [:]
    private var head = 0
    private var stopped = false
    private let condition = NSCondition()

    init(workers: Int = 4, capacity: Int = 512, perToken: Int = 16) {
        self.capacity = capacity
        self.perToken = perToken
        for index in 0..<workers {
            let thread = Thread { [self] in work() }
            thread.name = "push-relay provider \(index)"
            thread.start()
        }
    }

    /// Queues `job`, a send for the token whose key is `key`; false when the queue is full, the
    /// token has as many queued or running as it may, or the dispatcher stopped.
    func submit(for key: String, _ job: @escaping @Sendable () -> Void) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !stopped, jobs.count - head < capacity, pending[key, default: 0] < perToken else { return false }
        pending[key, default: 0] += 1
        jobs.append { [self] in
            job()
            condition.withLock {
                let left = pending[key, default: 1] - 1
                pending[key] = left > 0 ? left : nil
            }
        }
        condition.signal()
        return true
    }

    /// Lets the queued jobs finish, then ends the threads.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while head == jobs.count && !stopped { condition.wait() }
            guard head < jobs.count else {
                condition.unlock()
                return
            }
            let job = jobs[head]
            head += 1
            if head == jobs.count || head >= capacity {
                jobs.removeFirst(head)
                head = 0
            }
            condition.unlock()
            job()
        }
    }
}
