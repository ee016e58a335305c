import Foundation

/// Which bus to connect to.
public enum DBusBus: Sendable, Equatable {
    /// The system bus (`DBUS_SYSTEM_BUS_ADDRESS`, else the well-known socket), where BlueZ is.
    case system
    /// The user's session bus (`DBUS_SESSION_BUS_ADDRESS`).
    case session
    /// A bus at this address (such as a private `dbus-daemon` a test started).
    case address(String)

    /// The address `DBUS_SYSTEM_BUS_ADDRESS` or `DBUS_SESSION_BUS_ADDRESS` gives, if set.
    var fromEnvironment: DBusBus {
        let variable: String
        switch self {
        case .system: variable = "DBUS_SYSTEM_BUS_ADDRESS"
        case .session: variable = "DBUS_SESSION_BUS_ADDRESS"
        case .address: return self
        }
        guard let value = getenv(variable).map({ String(cString: $0) }), !value.isEmpty else { return self }
        return .address(value)
    }
}
