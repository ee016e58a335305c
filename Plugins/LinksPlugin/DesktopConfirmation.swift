import DBus
import Essentials

/// Asks through the desktop's notification server (`org.freedesktop.Notifications`): a critical
/// notification with *Run*, *Always allow* and *Cancel*; dismissing it, or no answer within
/// ``patience`` seconds, declines. Only the notification server's own signals count (another
/// client on the bus could forge a press).
struct DesktopConfirmation: LinkConfirming {
    static let service = "org.freedesktop.Notifications"
    static let path = "/org/freedesktop/Notifications"
    /// How long a question waits for its answer.
    static let patience = 120.0
    let bus: DBusBus

    func ask(_ question: String) async throws -> LinkAnswer {
        try await DBusConnection.onThread(bus: bus) { connection in
            try connection.addMatch("type='signal',interface='\(Self.service)'")
            let actions = ["run", "Run", "always", "Always allow", "cancel", "Cancel"]
            let arguments: [DBusValue] = [
                .string("HomeCompanion"), .uint32(0), .string(""), .string("Follow this link?"), .string(question),
                .strings(actions), .properties(["urgency": .byte(2)]), .int32(0),
            ]
            let reply = try connection.call(Self.service, Self.path, Self.service, "Notify", arguments, timeout: 5)
            guard let id = reply.first?.intValue else { throw LinkConfirmationError.noAnswer("the notification server answered Notify without an id") }
            let server = DBusNameOwner(name: Self.service)
            let deadline = Deadline(in: Self.patience)
            while deadline.remaining > 0 {
                guard let signal = try connection.nextSignal(timeout: 1), signal.arguments.first?.intValue == id, server.sent(signal, on: connection) else { continue }
                switch (signal.member, signal.arguments.dropFirst().first?.stringValue) {
                case ("ActionInvoked", "run"?): return .once
                case ("ActionInvoked", "always"?): return .always
                case ("ActionInvoked", _), ("NotificationClosed", _): return .declined
                default: continue
                }
            }
            _ = try? connection.call(Self.service, Self.path, Self.service, "CloseNotification", [.uint32(UInt32(truncatingIfNeeded: id))], timeout: 5)
            return .declined
        }
    }
}
