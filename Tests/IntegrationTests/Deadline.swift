import Foundation

/// Runs `body`, failing with ``DeadlineExceeded`` if it takes more than `seconds`, so a test that
/// waits for the server never hangs the suite. On time-out the body is cancelled and left behind,
/// since a wait that ignores cancellation would otherwise hold the test forever.
func within<T: Sendable>(_ seconds: Double, _ what: String, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    let outcome = DeadlineOutcome<T>()
    let work = Task { outcome.settle(await Result(catching: body)) }
    let timer = Task {
        try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
        outcome.settle(.failure(DeadlineExceeded(what: what, seconds: seconds)))
    }
    defer {
        work.cancel()
        timer.cancel()
    }
    return try await outcome.value()
}
