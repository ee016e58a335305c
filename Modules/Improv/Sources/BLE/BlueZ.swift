import DBus
import Essentials
import FoundationEssentials

/// The parts of BlueZ's D-Bus API Improv needs (org.bluez on the system bus): the object tree,
/// discovery, connecting, and GATT reads, writes and notifications. Every call is bounded by
/// `callTimeout`; failures become ``ImprovError/bluetooth(_:)``.
public final class BlueZ: @unchecked Sendable {
    static let name = "org.bluez"
    let bus: DBusConnection
    let callTimeout: Double
    /// Signals count only from bluetoothd.
    private let daemon = DBusNameOwner(name: name)

    /// Connects to the system bus (`DBUS_SYSTEM_BUS_ADDRESS` points it elsewhere).
    public convenience init(callTimeout: Double = 10) throws(ImprovError) {
        let bus: DBusConnection
        do {
            bus = try DBusConnection(bus: .system)
        } catch {
            throw .bluetooth("cannot reach the system bus (\(error))")
        }
        self.init(bus: bus, callTimeout: callTimeout)
    }

    public init(bus: DBusConnection, callTimeout: Double = 10) {
        self.bus = bus
        self.callTimeout = callTimeout
    }

    /// Every object BlueZ has, with its interfaces and their properties.
    func objects() throws(ImprovError) -> [String: [String: [String: DBusValue]]] {
        let reply = try call("/", "org.freedesktop.DBus.ObjectManager", "GetManagedObjects")
        var objects: [String: [String: [String: DBusValue]]] = [:]
        for (path, interfaces) in reply.first?.dictionaryValue ?? [:] {
            objects[path] = (interfaces.dictionaryValue ?? [:]).mapValues { $0.dictionaryValue ?? [:] }
        }
        return objects
    }

    /// The adapter's object path: `name` (hci0) or the first one.
    func adapter(_ name: String?, in objects: [String: [String: [String: DBusValue]]]) throws(ImprovError) -> String {
        let adapters = objects.filter { $0.value["org.bluez.Adapter1"] != nil }.keys.sorted()
        if let name {
            guard let path = adapters.first(where: { $0.hasSuffix("/" + name) }) else {
                throw .notFound("no Bluetooth adapter \(name) (there \(adapters.isEmpty ? "are none" : "are: " + adapters.map { String($0.split(separator: "/").last ?? "") }.joined(separator: ", ")))")
            }
            return path
        }
        guard let first = adapters.first else { throw .notFound("no Bluetooth adapter (is one plugged in and bluetoothd running?)") }
        return first
    }

    /// Checks that the object at `path` has `interface` with `methods` (an older BlueZ is named, not failed later).
    func require(_ path: String, _ interface: String, methods: [String]) throws(ImprovError) {
        do {
            try bus.require(Self.name, path, interface, methods: methods)
        } catch let error as DBusClientError {
            throw .bus(error)
        } catch {
            throw .bus(.invalidValue("\(error)"))
        }
    }

    @discardableResult
    func call(_ path: String, _ interface: String, _ method: String, _ arguments: [DBusValue] = [], timeout: Double? = nil) throws(ImprovError) -> [DBusValue] {
        do {
            return try bus.call(Self.name, path, interface, method, arguments, timeout: timeout ?? callTimeout)
        } catch {
            throw .bus(error)
        }
    }

    func property(_ path: String, _ interface: String, _ name: String) throws(ImprovError) -> DBusValue? {
        try call(path, "org.freedesktop.DBus.Properties", "Get", [.string(interface), .string(name)]).first?.unwrapped
    }

    func watch(_ rule: String) throws(ImprovError) {
        do {
            try bus.addMatch("type='signal',sender='\(Self.name)'," + rule)
        } catch {
            throw .bus(error)
        }
    }

    /// The next signal from bluetoothd within `timeout` seconds; another sender's are dropped.
    func nextSignal(timeout: Double) throws(ImprovError) -> DBusSignal? {
        let deadline = Deadline(in: timeout)
        while case let left = deadline.remaining, left > 0 {
            let signal: DBusSignal?
            do {
                signal = try bus.nextSignal(timeout: left)
            } catch {
                throw .bus(error)
            }
            guard let signal else { return nil }
            if daemon.sent(signal, on: bus) { return signal }
        }
        return nil
    }
}
