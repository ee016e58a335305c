/// One write handed to a ``BatchedWriter``: its body, and whom to tell how it ended. A value in
/// the writer's queue: a write costs no object and no semaphore of its own.
struct PendingWrite: Sendable {
    let body: @Sendable (DatabaseConnection) throws -> Void
    let completion: (@Sendable ((any Error)?) -> Void)?

    func finish(_ error: (any Error)?) {
        completion?(error)
    }
}
