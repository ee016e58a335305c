import FoundationEssentials
import Glibc

/// Which bus to connect to.
public enum DBusBus: Sendable, Equatable {
    /// The system bus (`DBUS_SYSTEM_BUS_ADDRESS`, else the well-known socket), where BlueZ is.
    case system
    /// The user's session bus (`DBUS_SESSION_BUS_ADDRESS`).
    case session
    /// A bus at this address (such as a private `dbus-daemon` a test started).
    case address(String)

    /// The system bus's well-known socket (libdbus's default when no variable names another).
    static let systemSocket = "/var/run/dbus/system_bus_socket"

    /// The address `DBUS_SYSTEM_BUS_ADDRESS` or `DBUS_SESSION_BUS_ADDRESS` gives, if set; for the
    /// session bus else the user's bus at `$XDG_RUNTIME_DIR/bus` when it is there. A session bus
    /// that stays `.session` is none: libdbus would start `dbus-launch` to make one (X11
    /// autolaunch), which takes a tenth of a second to fail where there is none, so it is not asked.
    var fromEnvironment: DBusBus {
        let variable: String
        switch self {
        case .system: variable = "DBUS_SYSTEM_BUS_ADDRESS"
        case .session: variable = "DBUS_SESSION_BUS_ADDRESS"
        case .address: return self
        }
        if let value = getenv(variable).map({ String(cString: $0) }), !value.isEmpty { return .address(value) }
        if self == .session, let runtime = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), !runtime.isEmpty,
           FileManager.default.fileExists(atPath: runtime + "/bus") {
            return .address("unix:path=\(runtime)/bus")
        }
        return self
    }
}
