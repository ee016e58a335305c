/// Races work against the clock: the one way this project waits "at most so long".
public enum Timeout {
    /// The value of `operation`, or `fallback` when `seconds` pass first (on the world's clock).
    /// On a timeout the operation is cancelled and `onTimeout` runs, for work that ends only when
    /// told to (a stream that must be stopped); the call returns once the operation has ended.
    public static func value<T: Sendable>(
        within seconds: Double, otherwise fallback: T, onTimeout: @escaping @Sendable () async -> Void = {},
        _ operation: @escaping @Sendable () async -> T
    ) async -> T {
        await withTaskGroup(of: Outcome<T>.self) { group in
            group.addTask { .finished(await operation()) }
            group.addTask {
                do {
                    try await Current.sleep(seconds)
                } catch {
                    return .cancelled
                }
                return .timedOut
            }
            var result = fallback
            var timedOut = false
            if let first = await group.next() {
                switch first {
                case .finished(let value): result = value
                case .timedOut, .cancelled: timedOut = true
                }
            }
            group.cancelAll()
            if timedOut { await onTimeout() }
            return result
        }
    }

    /// What finished first.
    private enum Outcome<T: Sendable>: Sendable {
        case finished(T)
        case timedOut
        case cancelled
    }
}
