/// What a connection read from the bus: a signal, or a call to one of its objects.
public enum DBusReceived: Sendable {
    case signal(DBusSignal)
    case call(DBusMethodCall)
}
