import Glibc

/// A thread of its own for blocking work (a socket's reader, a child's pipe): what
/// `DetachedThread.start` gives, without Foundation.
public enum DetachedThread {
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Runs `body` on a new detached thread; throws when the system gives no thread, and then
    /// `body` never runs.
    public static func start(_ body: @escaping @Sendable () -> Void) throws(ThreadStartError) {
        try start(stackSize: nil, body)
    }

    /// What `body` returns or throws, computed on a thread of its own: blocking work (a socket
    /// waited on, a child waited for) kept off the caller's cooperative thread.
    public static func run<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            do {
                try start { continuation.resume(with: Result { try body() }) }
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }

    /// ``start(_:)`` with a stack of `stackSize` bytes (nil: the system's default).
    static func start(stackSize: Int?, _ body: @escaping @Sendable () -> Void) throws(ThreadStartError) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        if let stackSize {
            let status = pthread_attr_setstacksize(&attributes, stackSize)
            guard status == 0 else { throw ThreadStartError(code: status) }
        }
        let context = Unmanaged.passRetained(Body(body))
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { context in
            guard let context else { return nil }
            let body = Unmanaged<Body>.fromOpaque(context).takeRetainedValue()
            body.run()
            return nil
        }, context.toOpaque())
        guard status == 0 else {
            context.release()
            throw ThreadStartError(code: status)
        }
    }
}
