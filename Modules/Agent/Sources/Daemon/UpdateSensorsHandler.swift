/// `update_sensors`: the server asks for a report now; wakes the daemon's report loop.
public struct UpdateSensorsHandler: NotificationCommandHandler {
    let wakeups: AgentWakeups

    /// Creates the handler over the daemon's wakeups.
    public init(wakeups: AgentWakeups) {
        self.wakeups = wakeups
    }

    public func handle(_ notification: PushNotification) async throws -> NotificationHandling {
        wakeups.requestReport()
        return .handled("update_sensors: reporting the sensors now")
    }
}
