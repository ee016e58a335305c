import CMicroHTTPD
import Foundation

/// An answer that is not ready when the handler returns, such as one waiting for its
/// notification to be committed: the server suspends the connection, and ``complete(_:)``,
/// called from any thread, resumes it. No thread waits meanwhile. The reply is made by a
/// closure that runs on the server's thread once the connection is handled again, so whoever
/// completes (the one database writer, say) spends no time on answers.
public final class DeferredReply: @unchecked Sendable {
    // Guarded by `lock`: what makes the reply once given, and the connection suspended for it.
    private let lock = NSLock()
    private var reply: (@Sendable () -> HTTPReply)?
    private var connection: OpaquePointer?

    public init() {}

    /// Hands over what makes the reply; the first one given counts.
    public func complete(_ reply: @escaping @Sendable () -> HTTPReply) {
        let suspended = lock.withLock { () -> OpaquePointer? in
            guard self.reply == nil else { return nil }
            self.reply = reply
            defer { connection = nil }
            return connection
        }
        if let suspended { MHD_resume_connection(suspended) }
    }

    /// The server's side: the reply if it is already there, otherwise nil after suspending
    /// `connection` until it comes.
    func replyOrSuspend(_ connection: OpaquePointer?) -> HTTPReply? {
        let ready = lock.withLock { () -> (@Sendable () -> HTTPReply)? in
            if let reply { return reply }
            MHD_suspend_connection(connection)
            self.connection = connection
            return nil
        }
        return ready?()
    }

    /// The reply, once the resumed connection is handled again.
    var completedReply: HTTPReply? { lock.withLock { reply }?() }
}
