/// Believes a signal only from the process that owns a well-known name (`org.bluez`, GeoClue,
/// the notification server): anyone on a bus can send a signal addressed to a connection, and
/// match rules filter only broadcast ones. Used from the one thread that reads the signals.
public final class DBusNameOwner: @unchecked Sendable {
    public let name: String
    private var owner: String?
    private var asked = false

    public init(name: String) {
        self.name = name
    }

    /// Whether `signal` comes from the owner of ``name``; when it seems not, the bus is asked again
    /// (a service that restarted owns the name under a new unique name).
    public func sent(_ signal: DBusSignal, on connection: DBusConnection) -> Bool {
        if asked && signal.sender == owner { return true }
        owner = connection.owner(of: name)
        asked = true
        return owner != nil && signal.sender == owner
    }
}
