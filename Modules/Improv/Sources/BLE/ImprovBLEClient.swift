import DBus
import Essentials
import FoundationEssentials

/// Improv over BLE through BlueZ: connects to a device, resolves the Improv characteristics,
/// subscribes to the state, error and RPC result notifications, writes RPC commands (with
/// response), and reports a device that disconnects instead of waiting for it.
public final class ImprovBLEClient: ImprovChannel, @unchecked Sendable {
    public let device: ImprovBLEDevice
    private let bluez: BlueZ
    private var characteristics: [String: String] = [:]
    private var pending: [ImprovMessage] = []
    /// What the device can do besides provisioning (empty when it has no capabilities characteristic).
    public private(set) var capabilities: ImprovCapabilities = []
    /// The state read on connecting, kept current from notifications.
    public private(set) var state: ImprovState?

    /// Connects to `device` and gets it ready, within `timeout` seconds.
    public init(bluez: BlueZ, device: ImprovBLEDevice, timeout: Double = 20) throws(ImprovError) {
        self.bluez = bluez
        self.device = device
        try bluez.watch("interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',path_namespace='\(device.path)'")
        try bluez.watch("interface='org.freedesktop.DBus.ObjectManager',member='InterfacesRemoved'")
        try bluez.call(device.path, "org.bluez.Device1", "Connect", timeout: timeout)
        try waitForServices(timeout: timeout)
        try resolveCharacteristics()
        for name in [ImprovBLEUUID.currentState, ImprovBLEUUID.errorState, ImprovBLEUUID.rpcResult] {
            try bluez.call(try path(of: name), "org.bluez.GattCharacteristic1", "StartNotify")
        }
        if characteristics[ImprovBLEUUID.capabilities] != nil {
            capabilities = ImprovCapabilities(rawValue: try read(ImprovBLEUUID.capabilities).first ?? 0)
        }
        let current = try read(ImprovBLEUUID.currentState)
        guard let byte = current.first, let state = ImprovState(rawValue: byte) else {
            throw .protocolError(.invalid("the current state characteristic holds \(current), not an Improv state"))
        }
        self.state = state
    }

    /// Disconnects (what BlueZ says to that is not an error: the device may be gone already).
    public func disconnect() {
        _ = try? bluez.call(device.path, "org.bluez.Device1", "Disconnect")
    }

    public func send(_ command: ImprovCommand) throws(ImprovError) {
        let frame: [UInt8]
        do {
            frame = try command.frame(checksum: true)
        } catch {
            throw .protocolError(error)
        }
        try bluez.call(try path(of: ImprovBLEUUID.rpcCommand), "org.bluez.GattCharacteristic1", "WriteValue",
                       [.bytes(frame), .properties(["type": .string("request")])])
    }

    public func next(timeout: Double) throws(ImprovError) -> ImprovMessage? {
        let deadline = Deadline(in: timeout)
        while pending.isEmpty {
            let left = deadline.remaining
            guard left > 0, let signal = try bluez.nextSignal(timeout: left) else { return nil }
            try handle(signal)
        }
        return pending.removeFirst()
    }

    public func putBack(_ message: ImprovMessage) {
        pending.insert(message, at: 0)
    }

    /// Makes the device blink or beep so the user knows which one it is.
    public func identify() throws(ImprovError) {
        guard capabilities.contains(.identify) else { throw .unsupported("\(device.name) cannot identify itself (its capabilities: \(capabilities.names.joined(separator: ", ")))") }
        try send(.identify)
    }

    /// Waits, when the device needs it, for the user to authorize it (press its button);
    /// `prompt` is called once when the wait starts.
    public func waitForAuthorization(timeout: Double, prompt: () -> Void) throws(ImprovError) {
        guard state == .authorizationRequired else { return }
        prompt()
        let deadline = Deadline(in: timeout)
        while state == .authorizationRequired {
            guard let message = try next(timeout: deadline.remaining) else { throw .notAuthorized(seconds: timeout) }
            if case .error(let code) = message, code != .none { throw .device(code) }
        }
    }

    private func handle(_ signal: DBusSignal) throws(ImprovError) {
        if signal.member == "InterfacesRemoved", signal.arguments.first?.stringValue == device.path {
            throw .disconnected(device.name)
        }
        guard signal.member == "PropertiesChanged", let changed = signal.arguments.dropFirst().first?.dictionaryValue else { return }
        if signal.path == device.path {
            if changed["Connected"]?.boolValue == false { throw .disconnected(device.name) }
            return
        }
        guard let value = changed["Value"]?.bytesValue,
              let uuid = characteristics.first(where: { $0.value == signal.path })?.key else { return }
        switch uuid {
        case ImprovBLEUUID.currentState:
            guard let byte = value.first, let state = ImprovState(rawValue: byte) else { return }
            self.state = state
            pending.append(.state(state))
        case ImprovBLEUUID.errorState:
            if let byte = value.first { pending.append(.error(ImprovErrorCode(byte))) }
        case ImprovBLEUUID.rpcResult:
            do {
                pending.append(.result(try ImprovResult(frame: value, checksum: true)))
            } catch {
                throw .protocolError(error)
            }
        default: return
        }
    }

    private func waitForServices(timeout: Double) throws(ImprovError) {
        let deadline = Deadline(in: timeout)
        while try bluez.property(device.path, "org.bluez.Device1", "ServicesResolved")?.boolValue != true {
            let left = deadline.remaining
            guard left > 0 else { throw .noAnswer("with its services after connecting", seconds: timeout) }
            if let signal = try bluez.nextSignal(timeout: min(left, 0.5)), signal.path == device.path,
               signal.arguments.dropFirst().first?.dictionaryValue?["Connected"]?.boolValue == false {
                throw .disconnected(device.name)
            }
        }
    }

    private func resolveCharacteristics() throws(ImprovError) {
        let wanted: Set = [ImprovBLEUUID.currentState, ImprovBLEUUID.errorState, ImprovBLEUUID.rpcCommand, ImprovBLEUUID.rpcResult, ImprovBLEUUID.capabilities]
        for (path, interfaces) in try bluez.objects() where path.hasPrefix(device.path + "/") {
            guard let uuid = interfaces["org.bluez.GattCharacteristic1"]?["UUID"]?.stringValue?.lowercased(), wanted.contains(uuid) else { continue }
            characteristics[uuid] = path
        }
        let missing = wanted.subtracting(characteristics.keys).subtracting([ImprovBLEUUID.capabilities])
        guard missing.isEmpty else {
            disconnect()
            throw .notFound("\(device.name) (\(device.address)) has no Improv service (missing \(missing.sorted().joined(separator: ", ")))")
        }
    }

    private func path(of uuid: String) throws(ImprovError) -> String {
        guard let path = characteristics[uuid] else { throw .notFound("\(device.name) has no characteristic \(uuid)") }
        return path
    }

    private func read(_ uuid: String) throws(ImprovError) -> [UInt8] {
        let reply = try bluez.call(try path(of: uuid), "org.bluez.GattCharacteristic1", "ReadValue", [.properties([:])])
        guard let bytes = reply.first?.bytesValue else { throw .protocolError(.invalid("ReadValue of \(uuid) gave no bytes")) }
        return bytes
    }
}
