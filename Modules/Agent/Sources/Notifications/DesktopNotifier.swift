import Foundation

/// Shows notifications with `notify-send` where a desktop session exists; does nothing otherwise.
public struct DesktopNotifier: NotificationPresenter {
    let environment: [String: String]

    public init(environment: [String: String]) {
        self.environment = environment
    }

    /// Whether a desktop session is there to show notifications in.
    public var hasDesktop: Bool {
        ["DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS"].contains { !(environment[$0] ?? "").isEmpty }
    }

    /// The command line: after "--", a title such as "-u critical" is text, never an option.
    static func arguments(for notification: PushNotification) -> [String] {
        ["notify-send", "--app-name=HomeCompanion", "--", notification.title ?? "Home Assistant", notification.message]
    }

    public func show(_ notification: PushNotification) {
        guard hasDesktop else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = Self.arguments(for: notification)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try? process.run()
    }
}
