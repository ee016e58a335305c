/// A call was queued but could not be sent: the reason, and that it waits (the daemon, or the
/// next command that reaches the server, sends it).
struct AgentQueueError: Error, CustomStringConvertible {
    let reason: String
    let waiting: Int

    var description: String { "queued, not sent (\(waiting) waiting): \(reason)" }
}
