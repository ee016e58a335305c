/// Which bus to connect to.
public enum DBusBus: Sendable, Equatable {
    /// The system bus (`DBUS_SYSTEM_BUS_ADDRESS`, else the well-known socket), where BlueZ is.
    case system
    /// The user's session bus (`DBUS_SESSION_BUS_ADDRESS`).
    case session
    /// A bus at this address (such as a private `dbus-daemon` a test started).
    case address(String)
}
