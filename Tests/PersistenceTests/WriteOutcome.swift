import Dispatch

/// How one submitted write ended, for a test to wait on: its completion fills it in.
final class WriteOutcome: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    // Written once by the writer thread before `done` is signalled, read after waiting.
    private var failure: (any Error)?

    func finish(_ error: (any Error)?) {
        failure = error
        done.signal()
    }

    /// Waits until the write has committed or failed; rethrows its error.
    func wait() throws {
        done.wait()
        done.signal()
        if let failure { throw failure }
    }
}
