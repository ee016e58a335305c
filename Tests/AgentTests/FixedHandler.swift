import Agent

/// A notification handler that answers the same every time, or fails when `answer` is nil.
struct FixedHandler: NotificationCommandHandler {
    struct Failure: Error {}

    let answer: NotificationHandling?

    func handle(_ notification: PushNotification) async throws -> NotificationHandling {
        guard let answer else { throw Failure() }
        return answer
    }
}
