import Foundation

/// Runs provider sends (APNs, FCM: network calls of up to their timeout, and the token
/// refreshes they need) on threads of their own, so a slow provider never holds a request
/// thread. The queue is bounded: when it is full, ``submit(_:)`` refuses and the request is
/// answered 503 at once.
final class ProviderDispatcher: @unchecked Sendable {
    private let capacity: Int
    // Guarded by `condition`.
    private var jobs: [@Sendable () -> Void] = []
    private var head = 0
    private var stopped = false
    private let condition = NSCondition()

    init(workers: Int = 4, capacity: Int = 512) {
        self.capacity = capacity
        for index in 0..<workers {
            let thread = Thread { [self] in work() }
            thread.name = "push-relay provider \(index)"
            thread.start()
        }
    }

    /// Queues `job`; false when the queue is full or stopped.
    func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !stopped, jobs.count - head < capacity else { return false }
        jobs.append(job)
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
