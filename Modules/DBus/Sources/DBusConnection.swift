import CDBus
import Essentials
import FoundationEssentials

/// A private connection to a D-Bus bus through libdbus: method calls with a timeout, match
/// rules, and signals read with a timeout. Messages received are capped at
/// ``maximumMessageBytes`` (a bigger one ends the connection rather than filling memory).
/// One caller at a time (calls are serialised).
public final class DBusConnection: @unchecked Sendable {
    /// The largest message read from the bus.
    public static let maximumMessageBytes = 4 << 20

    private let connection: OpaquePointer
    /// libdbus's functions, loaded by the first connection.
    private let dbus: hc_dbus_api
    private let lock = Lock()
    private var closed = false
    /// This connection's unique name on the bus (`:1.42`).
    public let uniqueName: String

    public init(bus: DBusBus) throws(DBusClientError) {
        // Where there is no bus, libdbus is not loaded to find that out (with what it links,
        // about a MiB a daemon would keep).
        let target = bus.fromEnvironment
        switch target {
        case .session: throw .cannotConnect("no session bus: DBUS_SESSION_BUS_ADDRESS is not set and there is no $XDG_RUNTIME_DIR/bus")
        case .system where !FileManager.default.fileExists(atPath: DBusBus.systemSocket):
            throw .cannotConnect("no system bus: DBUS_SYSTEM_BUS_ADDRESS is not set and there is no \(DBusBus.systemSocket)")
        default: break
        }
        guard let loaded = hc_dbus() else { throw .cannotConnect(hc_dbus_failure().map { String(cString: $0) } ?? "libdbus is missing") }
        let dbus = loaded.pointee
        self.dbus = dbus
        var error = CDBus.DBusError()
        dbus.error_init(&error)
        defer { dbus.error_free(&error) }
        let opened: OpaquePointer?
        // libdbus reads these variables once per process; read here, a change is honoured.
        if case .address(let address) = target {
            opened = dbus.connection_open_private(address, &error)
            if let opened, dbus.bus_register(opened, &error) == 0 {
                dbus.connection_close(opened)
                dbus.connection_unref(opened)
                throw .cannotConnect(Self.message(error))
            }
        } else {
            opened = dbus.bus_get_private(DBUS_BUS_SYSTEM, &error)  // the system bus: a session bus without an address was refused above
        }
        guard let opened else { throw .cannotConnect(Self.message(error)) }
        connection = opened
        dbus.connection_set_exit_on_disconnect(opened, 0)
        dbus.connection_set_max_received_size(opened, Self.maximumMessageBytes)
        dbus.connection_set_max_message_size(opened, Self.maximumMessageBytes)
        uniqueName = dbus.bus_get_unique_name(opened).map { String(cString: $0) } ?? ""
    }

    deinit {
        close()
    }

    /// Closes the connection (later calls fail as disconnected).
    public func close() {
        lock.withLock {
            guard !closed else { return }
            closed = true
            dbus.connection_close(connection)
            dbus.connection_unref(connection)
        }
    }

    /// Calls `method` and waits up to `timeout` seconds for its reply's values.
    @discardableResult
    public func call(
        _ destination: String, _ path: String, _ interface: String, _ method: String, _ arguments: [DBusValue] = [],
        timeout: Double = 25
    ) throws(DBusClientError) -> [DBusValue] {
        let message = try methodCall(destination, path, interface, method)
        defer { dbus.message_unref(message) }
        try DBusMessageWriter(dbus: dbus).append(arguments, to: message)
        let reply: OpaquePointer = try locked { () throws(DBusClientError) -> OpaquePointer in
            guard !closed else { throw .disconnected }
            var error = CDBus.DBusError()
            dbus.error_init(&error)
            defer { dbus.error_free(&error) }
            let milliseconds = Int32(max(1, min(timeout * 1000, Double(Int32.max))))
            guard let reply = dbus.connection_send_with_reply_and_block(connection, message, milliseconds, &error) else {
                guard dbus.connection_get_is_connected(connection) != 0 else { throw .disconnected }
                throw .remote(name: error.name.map { String(cString: $0) } ?? "org.freedesktop.DBus.Error.Failed", message: Self.message(error))
            }
            return reply
        }
        defer { dbus.message_unref(reply) }
        return try DBusMessageReader(dbus: dbus).arguments(of: reply)
    }

    /// Emits a signal from `path`, to every connection whose match rules take it, or only to
    /// `destination` (a unique or well-known name).
    public func emit(
        _ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue] = [], to destination: String? = nil
    ) throws(DBusClientError) {
        guard dbus.validate_path(path, nil) != 0, dbus.validate_interface(interface, nil) != 0, dbus.validate_member(member, nil) != 0 else {
            throw .invalidValue("'\(path)' '\(interface).\(member)' is not a valid signal")
        }
        guard let message = dbus.message_new_signal(path, interface, member) else { throw .invalidValue("libdbus could not make a signal") }
        defer { dbus.message_unref(message) }
        if let destination {
            guard dbus.validate_bus_name(destination, nil) != 0, dbus.message_set_destination(message, destination) != 0 else {
                throw .invalidValue("'\(destination)' is not a bus name")
            }
        }
        try DBusMessageWriter(dbus: dbus).append(arguments, to: message)
        try send(message)
    }

    /// The unique name of the connection that owns `name` now; nil when none does.
    public func owner(of name: String) -> String? {
        let reply = try? call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetNameOwner", [.string(name)], timeout: 5)
        return reply?.first?.stringValue
    }

    /// Asks the bus to route signals matching `rule` (such as
    /// `type='signal',sender='org.bluez',interface='org.freedesktop.DBus.Properties'`) here.
    public func addMatch(_ rule: String) throws(DBusClientError) {
        try call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "AddMatch", [.string(rule)])
    }

    /// The next signal within `timeout` seconds, or nil when none came. A method call that comes
    /// meanwhile is answered `UnknownObject` (this connection exports nothing it reads here).
    public func nextSignal(timeout: Double) throws(DBusClientError) -> DBusSignal? {
        let deadline = Deadline(in: timeout)
        while true {
            switch try next(timeout: max(0, deadline.remaining)) {
            case .signal(let signal)?: return signal
            case .call(let call)?: try replyError(to: call, name: "org.freedesktop.DBus.Error.UnknownObject", message: "no object at \(call.path)")
            case nil: return nil
            }
        }
    }

    /// The next signal or method call within `timeout` seconds, or nil when none came.
    public func next(timeout: Double) throws(DBusClientError) -> DBusReceived? {
        let deadline = Deadline(in: timeout)
        while true {
            let popped: OpaquePointer? = try locked { () throws(DBusClientError) -> OpaquePointer? in
                guard !closed else { throw .disconnected }
                if let message = dbus.connection_pop_message(connection) { return message }
                let left = deadline.remaining
                guard left > 0 else { return nil }
                guard dbus.connection_read_write(connection, Int32(min(left, 0.25) * 1000) + 1) != 0 else { throw .disconnected }
                return dbus.connection_pop_message(connection)
            }
            guard let message = popped else {
                if deadline.remaining <= 0 { return nil }
                continue
            }
            let type = dbus.message_get_type(message)
            let sender = Self.text(dbus.message_get_sender(message)), path = Self.text(dbus.message_get_path(message))
            let interface = Self.text(dbus.message_get_interface(message)), member = Self.text(dbus.message_get_member(message))
            if type == DBUS_MESSAGE_TYPE_METHOD_CALL {
                let arguments: [DBusValue]
                do {
                    arguments = try DBusMessageReader(dbus: dbus).arguments(of: message)
                } catch {
                    dbus.message_unref(message)
                    throw error
                }
                return .call(DBusMethodCall(message: message, dbus: dbus, sender: sender, path: path, interface: interface, member: member, arguments: arguments))
            }
            defer { dbus.message_unref(message) }
            guard type == DBUS_MESSAGE_TYPE_SIGNAL else { continue }
            let signal = DBusSignal(sender: sender, path: path, interface: interface, member: member, arguments: try DBusMessageReader(dbus: dbus).arguments(of: message))
            if signal.interface == "org.freedesktop.DBus.Local", signal.member == "Disconnected" { throw .disconnected }
            // The bus tells every new connection its own name: not news to the caller.
            if signal.sender == "org.freedesktop.DBus", signal.member == "NameAcquired", signal.arguments.first?.stringValue == uniqueName { continue }
            return .signal(signal)
        }
    }

    /// Answers `call` with `values`.
    public func reply(to call: DBusMethodCall, _ values: [DBusValue] = []) throws(DBusClientError) {
        guard let message = dbus.message_new_method_return(call.message) else { throw .invalidValue("libdbus could not make a reply") }
        defer { dbus.message_unref(message) }
        try DBusMessageWriter(dbus: dbus).append(values, to: message)
        try send(message)
    }

    /// Answers `call` with the error `name` (such as `org.freedesktop.DBus.Error.UnknownMethod`) and `text`.
    public func replyError(to call: DBusMethodCall, name: String, message text: String) throws(DBusClientError) {
        guard dbus.validate_interface(name, nil) != 0 else { throw .invalidValue("'\(name)' is not an error name") }
        guard let message = dbus.message_new_error(call.message, name, text.replacing("\0", with: "")) else {
            throw .invalidValue("libdbus could not make an error reply")
        }
        defer { dbus.message_unref(message) }
        try send(message)
    }

    /// Asks the bus for the well-known `name`; true when this connection now owns it, false when
    /// another does (the request does not queue).
    public func requestName(_ name: String) throws(DBusClientError) -> Bool {
        let doNotQueue: UInt32 = 4, primaryOwner: UInt32 = 1
        let reply = try call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName", [.string(name), .uint32(doNotQueue)], timeout: 5)
        return reply.first?.intValue == Int(primaryOwner)
    }

    private func send(_ message: OpaquePointer) throws(DBusClientError) {
        try locked { () throws(DBusClientError) in
            guard !closed, dbus.connection_send(connection, message, nil) != 0 else { throw .disconnected }
            dbus.connection_flush(connection)
        }
    }

    private func locked<Value>(_ body: () throws(DBusClientError) -> Value) throws(DBusClientError) -> Value {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    private func methodCall(_ destination: String, _ path: String, _ interface: String, _ method: String) throws(DBusClientError) -> OpaquePointer {
        guard dbus.validate_bus_name(destination, nil) != 0 else { throw .invalidValue("'\(destination)' is not a bus name") }
        guard dbus.validate_path(path, nil) != 0 else { throw .invalidValue("'\(path)' is not an object path") }
        guard dbus.validate_interface(interface, nil) != 0 else { throw .invalidValue("'\(interface)' is not an interface name") }
        guard dbus.validate_member(method, nil) != 0 else { throw .invalidValue("'\(method)' is not a method name") }
        guard let message = dbus.message_new_method_call(destination, path, interface, method) else {
            throw .invalidValue("libdbus could not make a method call")
        }
        return message
    }

    private static func text(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    private static func message(_ error: CDBus.DBusError) -> String {
        error.message.map { String(cString: $0) } ?? "unknown error"
    }
}
