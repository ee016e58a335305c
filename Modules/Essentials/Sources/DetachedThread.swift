import Glibc

/// A thread of its own for blocking work (a socket's reader, a child's pipe): what
/// `DetachedThread.start` gives, without Foundation.
public enum DetachedThread {
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Runs `body` on a new detached thread; a process that cannot start a thread cannot go on.
    public static func start(_ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            let body = Unmanaged<Body>.fromOpaque(context).takeRetainedValue()
            body.run()
            return nil
        }, context)
        guard status == 0 else {
            fatalError("cannot start a thread: \(String(cString: strerror(status)))")
        }
        pthread_detach(thread)
    }
}
