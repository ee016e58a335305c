import Foundation

/// An answer that is not ready when the handler returns, such as one waiting for its
/// notification to be committed: the connection waits in its event loop, and
/// ``complete(_:)``, called from any thread, hands it back to that loop. No thread waits
/// meanwhile. The reply is made by a closure that runs on the loop's thread, so whoever
/// completes (the one database writer, say) spends no time on answers.
public final class DeferredReply: @unchecked Sendable {
    // Guarded by `lock`: what makes the reply once given, and who waits for it.
    private let lock = NSLock()
    @exclusivity(unchecked) private var reply: (@Sendable () -> HTTPReply)?
    @exclusivity(unchecked) private var waiter: (@Sendable () -> Void)?

    /// A reply whose answer comes later.
    public init() {}

    /// Hands over what makes the reply; the first one given counts.
    public func complete(_ reply: @escaping @Sendable () -> HTTPReply) {
        let waiting = lock.withLock { () -> (@Sendable () -> Void)? in
            guard self.reply == nil else { return nil }
            self.reply = reply
            defer { waiter = nil }
            return waiter
        }
        waiting?()
    }

    /// The server's side: the reply if it is already there, otherwise nil, and `waiter` runs
    /// (on the completing thread) once it comes.
    func replyOrWait(_ waiter: @escaping @Sendable () -> Void) -> HTTPReply? {
        let ready = lock.withLock { () -> (@Sendable () -> HTTPReply)? in
            if let reply { return reply }
            self.waiter = waiter
            return nil
        }
        return ready?()
    }

    /// The reply, once it was given.
    var completedReply: HTTPReply? { lock.withLock { reply }?() }
}
