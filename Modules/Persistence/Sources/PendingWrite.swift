import Dispatch

/// One write handed to a ``BatchedWriter``: its body, and how it ended once its batch is done.
public final class PendingWrite: @unchecked Sendable {
    let body: @Sendable (DatabaseConnection) throws -> Void
    private let completion: (@Sendable ((any Error)?) -> Void)?
    private let done = DispatchSemaphore(value: 0)
    // Written once by the writer thread before `done` is signalled, read after waiting.
    private var failure: (any Error)?

    init(_ body: @escaping @Sendable (DatabaseConnection) throws -> Void, completion: (@Sendable ((any Error)?) -> Void)?) {
        self.body = body
        self.completion = completion
    }

    /// Waits until the transaction holding the write has committed; rethrows the write's error.
    public func wait() throws {
        done.wait()
        done.signal()
        if let failure { throw failure }
    }

    func finish(_ error: (any Error)?) {
        failure = error
        done.signal()
        completion?(error)
    }
}
