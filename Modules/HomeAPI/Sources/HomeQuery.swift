/// A question about the home whose answer changes: ``list()`` answers it now, ``stream()`` now and
/// after every change. Made by ``Home/structures()``, ``Home/rooms()`` and ``Home/devices(_:)``
/// (and their `in:` forms). Both throw ``HomeErrorCode/permissionDenied`` once the server revoked
/// access, after everything kept for it was removed.
public struct HomeQuery<Element: Sendable & Equatable>: Sendable {
    private let read: @Sendable () async throws -> [Element]
    private let follow: @Sendable (AsyncThrowingStream<[Element], any Error>.Continuation) async throws -> Void

    /// A query that answers with `read` and follows changes with `follow`, which yields each new
    /// answer and returns when the source ends.
    init(read: @escaping @Sendable () async throws -> [Element], follow: @escaping @Sendable (AsyncThrowingStream<[Element], any Error>.Continuation) async throws -> Void) {
        self.read = read
        self.follow = follow
    }

    /// The answer now, after checking with the server that access still holds.
    public func list() async throws -> [Element] { try await read() }

    /// The answer now, then a new one after each change (equal answers are not repeated, and a
    /// slow reader gets the newest rather than a backlog). Ends when the session ends; throws
    /// ``HomeErrorCode/permissionDenied`` when access is revoked meanwhile. Ending the loop over
    /// it stops it.
    public func stream() -> AsyncThrowingStream<[Element], any Error> {
        AsyncThrowingStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let task = Task {
                do {
                    try await follow(continuation)
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
