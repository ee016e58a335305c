import CDBus

/// A method call another client made to an object this connection exports; answer it once with
/// ``DBusConnection/reply(to:_:)`` or ``DBusConnection/replyError(to:name:message:)``.
public final class DBusMethodCall: @unchecked Sendable {
    /// The caller's unique name.
    public let sender: String
    /// The object path called.
    public let path: String
    /// The interface named in the call (may be empty).
    public let interface: String
    /// The method called.
    public let member: String
    /// The call's arguments.
    public let arguments: [DBusValue]
    /// The call's message, held for the reply.
    let message: OpaquePointer
    private let dbus: hc_dbus_api

    init(message: OpaquePointer, dbus: hc_dbus_api, sender: String, path: String, interface: String, member: String, arguments: [DBusValue]) {
        self.message = message
        self.dbus = dbus
        self.sender = sender
        self.path = path
        self.interface = interface
        self.member = member
        self.arguments = arguments
    }

    deinit {
        dbus.message_unref(message)
    }
}
