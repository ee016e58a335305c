import DBus
import Essentials
import FoundationEssentials

/// Finds Improv devices through BlueZ: discovery filtered to the Improv service UUID on LE,
/// devices BlueZ already knows and those it finds while discovering, their RSSI and advertised
/// state kept current, then discovery stopped.
public struct ImprovBLEScanner: Sendable {
    public let bluez: BlueZ
    public let adapterName: String?

    public init(bluez: BlueZ, adapter: String? = nil) {
        self.bluez = bluez
        adapterName = adapter
    }

    /// The Improv devices seen within `timeout` seconds (strongest first); with `until`, returns
    /// as soon as one it accepts is seen.
    public func scan(timeout: Double, until wanted: ((ImprovBLEDevice) -> Bool)? = nil) throws(ImprovError) -> [ImprovBLEDevice] {
        try bluez.watch("interface='org.freedesktop.DBus.ObjectManager',member='InterfacesAdded'")
        try bluez.watch("interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',arg0='org.bluez.Device1'")
        let objects = try bluez.objects()
        let adapter = try bluez.adapter(adapterName, in: objects)
        var properties: [String: [String: DBusValue]] = [:]
        for (path, interfaces) in objects where path.hasPrefix(adapter + "/") {
            if let device = interfaces["org.bluez.Device1"] { properties[path] = device }
        }
        let found = { properties.compactMap { ImprovBLEDevice(path: $0.key, properties: $0.value) } }
        if let wanted, let device = found().first(where: wanted) { return [device] }

        try bluez.require(adapter, "org.bluez.Adapter1", methods: ["SetDiscoveryFilter", "StartDiscovery", "StopDiscovery"])
        try bluez.call(adapter, "org.bluez.Adapter1", "SetDiscoveryFilter", [
            .properties(["UUIDs": .strings([ImprovBLEUUID.service]), "Transport": .string("le")]),
        ])
        do {
            try bluez.call(adapter, "org.bluez.Adapter1", "StartDiscovery")
        } catch .bluetoothBusy {
            // Someone else is discovering: their discovery finds ours too.
        }
        defer { _ = try? bluez.call(adapter, "org.bluez.Adapter1", "StopDiscovery") }
        let deadline = Deadline(in: timeout)
        while deadline.remaining > 0, let signal = try bluez.nextSignal(timeout: deadline.remaining) {
            switch signal.member {
            case "InterfacesAdded":
                guard let path = signal.arguments.first?.stringValue, path.hasPrefix(adapter + "/"),
                      let device = signal.arguments.dropFirst().first?.dictionaryValue?["org.bluez.Device1"]?.dictionaryValue else { continue }
                properties[path] = device
            case "PropertiesChanged":
                guard properties[signal.path] != nil, let changed = signal.arguments.dropFirst().first?.dictionaryValue else { continue }
                properties[signal.path]?.merge(changed) { $1 }
            default: continue
            }
            if let wanted, let device = found().first(where: wanted) { return [device] }
        }
        return found().sorted { ($0.rssi ?? .min, $1.address) > ($1.rssi ?? .min, $0.address) }
    }
}
