import Foundation

/// tools/notifications-standin.py on a private bus as the desktop's notification server: what it
/// printed about each Notify call, and a person at the desktop played through its input.
final class NotificationServerStandIn: Sendable {
    private let standIn: BusStandIn

    init(capabilities: [String]) throws {
        standIn = try BusStandIn("tools/notifications-standin.py", capabilities)
    }

    /// The bus's address, for the agent's `DBUS_SESSION_BUS_ADDRESS`.
    var address: String { standIn.bus.address }

    /// The Notify calls so far, each as the stand-in printed it.
    var notifications: [[String: Any]] {
        standIn.log.compactMap { line in
            guard line.hasPrefix("{") else { return nil }
            return try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }
    }

    /// The Notify calls once there are `count`, or as they are after `timeout` seconds.
    func notifications(count: Int, timeout: Double = 15) -> [[String: Any]] {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, notifications.count < count { Thread.sleep(forTimeInterval: 0.02) }
        return notifications
    }

    /// What the person at the desktop does: `invoke ID KEY`, `reply ID TEXT`, `close ID`.
    func person(_ command: String) {
        standIn.send(command)
    }

    func stop() {
        standIn.stop()
    }
}
