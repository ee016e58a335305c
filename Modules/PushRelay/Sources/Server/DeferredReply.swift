import Synchronization

/// An answer that is not ready when the handler returns, such as one waiting for its
/// notification to be committed: the connection waits in its event loop, and
/// ``complete(_:)``, called from any thread, hands it back to that loop. No thread waits
/// meanwhile. The reply is made by a closure that runs on the loop's thread, so whoever
/// completes (the one database writer, say) spends no time on answers.
public final class DeferredReply: Sendable {
    /// What makes the reply once given, and who waits for it. A `Mutex` lives inside the
    /// object (one allocation per reply, not three) and costs a third of a pthread lock.
    private let state = Mutex<(reply: (@Sendable () -> HTTPReply)?, waiter: (@Sendable () -> Void)?)>((nil, nil))

    /// A reply whose answer comes later.
    public init() {}

    /// Hands over what makes the reply; the first one given counts.
    public func complete(_ reply: @escaping @Sendable () -> HTTPReply) {
        let waiting = state.withLock { state -> (@Sendable () -> Void)? in
            guard state.reply == nil else { return nil }
            state.reply = reply
            defer { state.waiter = nil }
            return state.waiter
        }
        waiting?()
    }

    /// The server's side: the reply if it is already there, otherwise nil, and `waiter` runs
    /// (on the completing thread) once it comes.
    func replyOrWait(_ waiter: @escaping @Sendable () -> Void) -> HTTPReply? {
        let ready = state.withLock { state -> (@Sendable () -> HTTPReply)? in
            if let reply = state.reply { return reply }
            state.waiter = waiter
            return nil
        }
        return ready?()
    }

    /// The reply, once it was given.
    var completedReply: HTTPReply? { state.withLock { $0.reply }?() }
}
