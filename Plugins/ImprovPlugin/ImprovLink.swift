import CLIKit
import FoundationEssentials
import Improv

/// One Improv device the commands talk to: a serial port (DEVICE starting with "/") or a BLE
/// device through BlueZ (DEVICE its address or name, found by a scan if BlueZ does not know it).
final class ImprovLink {
    let label: String
    let channel: any ImprovChannel
    private let serial: ImprovSerialClient?
    private let ble: ImprovBLEClient?

    private init(label: String, serial: ImprovSerialClient) {
        self.label = label
        self.serial = serial
        ble = nil
        channel = serial
    }

    private init(label: String, ble: ImprovBLEClient) {
        self.label = label
        serial = nil
        self.ble = ble
        channel = ble
    }

    deinit {
        ble?.disconnect()
    }

    static func isSerial(_ device: String) -> Bool {
        device.hasPrefix("/")
    }

    static func open(_ device: String, baud: Int, adapter: String?, timeout: Double, console: Console) throws -> ImprovLink {
        if isSerial(device) {
            do {
                return ImprovLink(label: device, serial: ImprovSerialClient(port: try SerialPort(path: device, baud: baud)))
            } catch {
                throw UsageError("\(error)")
            }
        }
        let bluez = try BlueZ()
        console.printError("looking for \(device) over Bluetooth (up to \(Int(timeout)) s)…")
        guard let found = try ImprovBLEScanner(bluez: bluez, adapter: adapter).scan(timeout: timeout, until: { $0.matches(device) }).first(where: { $0.matches(device) }) else {
            throw ImprovError.notFound("no Improv device \(device) was seen over Bluetooth within \(Int(timeout)) s (is it powered and near? 'home improv scan --ble' lists what is)")
        }
        console.printError("connecting to \(found.name) (\(found.address))…")
        return ImprovLink(label: "\(found.name) (\(found.address))", ble: try ImprovBLEClient(bluez: bluez, device: found, timeout: timeout))
    }

    /// The device's state now (asked over serial, read on connecting over BLE).
    func state(timeout: Double) throws -> ImprovState {
        if let serial { return try serial.currentState(timeout: timeout) }
        guard let state = ble?.state else { throw ImprovError.noAnswer("with its state", seconds: timeout) }
        return state
    }

    /// The BLE device's capabilities (nil over serial, which has none).
    var capabilities: ImprovCapabilities? { ble?.capabilities }

    func identify() throws {
        guard let ble else { throw ImprovError.unsupported("identify is Improv over Bluetooth only; a serial device has no identify command") }
        try ble.identify()
    }

    /// Over BLE, waits for the user to press the device's button when it asks for authorization.
    func authorize(timeout: Double, console: Console) throws {
        try ble?.waitForAuthorization(timeout: timeout) {
            console.printError("\(label) needs authorization: press its button (waiting up to \(Int(timeout)) s)…")
        }
    }
}
