import DBus

/// An Improv device BlueZ found: its D-Bus object, address, name, signal strength, and the
/// state and capabilities it advertises (nil when its service data was missing or malformed).
public struct ImprovBLEDevice: Sendable, Equatable {
    public let path: String
    public let address: String
    public let name: String
    public let rssi: Int?
    public let advertised: ImprovServiceData?

    public init(path: String, address: String, name: String, rssi: Int?, advertised: ImprovServiceData?) {
        self.path = path
        self.address = address
        self.name = name
        self.rssi = rssi
        self.advertised = advertised
    }

    /// Reads a device from its org.bluez.Device1 properties, if it offers the Improv service.
    public init?(path: String, properties: [String: DBusValue]) {
        let uuids = (properties["UUIDs"]?.arrayValue ?? []).compactMap { $0.stringValue?.lowercased() }
        let serviceData = properties["ServiceData"]?.dictionaryValue ?? [:]
        let improvData = serviceData.first { $0.key.lowercased() == ImprovBLEUUID.serviceData }?.value.bytesValue
        guard uuids.contains(ImprovBLEUUID.service) || improvData != nil, let address = properties["Address"]?.stringValue else { return nil }
        self.init(
            path: path, address: address, name: properties["Alias"]?.stringValue ?? properties["Name"]?.stringValue ?? address,
            rssi: properties["RSSI"]?.intValue, advertised: improvData.flatMap { try? ImprovServiceData(bytes: $0) })
    }

    /// Whether `text` names this device (its address, any case, or its name).
    public func matches(_ text: String) -> Bool {
        address.lowercased() == text.lowercased() || name == text || path == text
    }
}
