import Agent
import DBus

/// A power or session button through systemd-logind on the system bus
/// (`org.freedesktop.login1.Manager`): lock every session, suspend, reboot, power off. logind
/// (and polkit) decide whether this user may; a refusal is the command's error.
struct LogindControl: Control {
    let definition: ControlDefinition
    /// The Manager method and its arguments (`Suspend(false)`: not interactive).
    let method: String
    let arguments: [DBusValue]
    let bus: DBusBus

    static func all(bus: DBusBus = .system) -> [LogindControl] {
        [
            LogindControl(definition: ControlDefinition(id: "lock_screen", name: "Lock screen", kind: .button, icon: "mdi:lock"), method: "LockSessions", arguments: [], bus: bus),
            LogindControl(definition: ControlDefinition(id: "suspend", name: "Suspend", kind: .button, icon: "mdi:power-sleep"), method: "Suspend", arguments: [.bool(false)], bus: bus),
            LogindControl(definition: ControlDefinition(id: "reboot", name: "Reboot", kind: .button, icon: "mdi:restart"), method: "Reboot", arguments: [.bool(false)], bus: bus),
            LogindControl(definition: ControlDefinition(id: "shutdown", name: "Shut down", kind: .button, icon: "mdi:power"), method: "PowerOff", arguments: [.bool(false)], bus: bus),
        ]
    }

    func perform(_ command: ControlCommand) async throws {
        let method = method, arguments = arguments
        _ = try await DBusConnection.onThread(bus: bus) { connection in
            try connection.call("org.freedesktop.login1", "/org/freedesktop/login1", "org.freedesktop.login1.Manager", method, arguments, timeout: 10)
        }
    }

    func state() async -> String? { nil }
}
