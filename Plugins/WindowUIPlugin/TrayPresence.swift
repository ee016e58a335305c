import DBus
import Essentials
import Foundation

/// Whether `home tray` runs for this user (it owns `io.homecompanion.Tray` on the session bus),
/// and word when it goes away, so a window it keeps hidden closes with it.
final class TrayPresence: @unchecked Sendable {
    static let name = "io.homecompanion.Tray"
    private let lock = NSLock()
    private var stopped = false

    /// Whether a tray runs now; false without a session bus.
    static func isRunning() -> Bool {
        guard let connection = try? DBusConnection(bus: .session) else { return false }
        defer { connection.close() }
        return connection.owner(of: name) != nil
    }

    /// Calls `gone` (on a thread of its own) each time the tray leaves the bus, until ``stop()``.
    func watch(logger: Logger, gone: @escaping @Sendable () -> Void) {
        Thread.detachNewThread { [self] in
            let connection: DBusConnection
            do {
                connection = try DBusConnection(bus: .session)
                try connection.addMatch("type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(Self.name)'")
            } catch {
                return logger.info("the tray's comings and goings are not followed: \(error)")
            }
            defer { connection.close() }
            while !lock.withLock({ stopped }) {
                do {
                    guard let signal = try connection.nextSignal(timeout: 0.5), signal.member == "NameOwnerChanged" else { continue }
                    if signal.arguments.last?.stringValue == "" { gone() }
                } catch {
                    return logger.info("the tray's comings and goings are no longer followed: \(error)")
                }
            }
        }
    }

    func stop() {
        lock.withLock { stopped = true }
    }
}
