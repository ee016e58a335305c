import DBus

/// Why an Improv exchange failed, over serial or BLE; each says what was waited for.
public enum ImprovError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing came in time.
    case noAnswer(String, seconds: Double)
    /// The device reported an error.
    case device(ImprovErrorCode)
    case port(SerialPortError)
    /// BlueZ (or the D-Bus bus it is on) failed or refused.
    case bluetooth(String)
    /// BlueZ refused because the same operation is already under way (`org.bluez.Error.InProgress`,
    /// such as another program's discovery).
    case bluetoothBusy(String)
    /// The device dropped the connection mid-exchange.
    case disconnected(String)
    /// No such device, or it is not an Improv device.
    case notFound(String)
    /// The device still needed authorization (its button) when the wait ended.
    case notAuthorized(seconds: Double)
    /// The transport cannot do this (identify over serial).
    case unsupported(String)
    case protocolError(ImprovProtocolError)

    public var description: String {
        switch self {
        case .noAnswer(let what, let seconds): "the device did not answer \(what) within \(seconds) s (is it an Improv device, at this speed?)"
        case .device(let code): code.words
        case .port(let error): error.description
        case .bluetooth(let reason), .bluetoothBusy(let reason): "Bluetooth: \(reason)"
        case .disconnected(let device): "\(device) disconnected before it finished"
        case .notFound(let reason): reason
        case .notAuthorized(let seconds): "the device was not authorized within \(seconds) s (press its button, then try again)"
        case .unsupported(let reason): reason
        case .protocolError(let error): error.description
        }
    }

    /// A D-Bus failure as a Bluetooth error, naming BlueZ when it is not running.
    static func bus(_ error: DBusClientError) -> ImprovError {
        if error.remoteName == "org.freedesktop.DBus.Error.ServiceUnknown" {
            return .bluetooth("BlueZ (org.bluez) is not running on the system bus; start bluetoothd, or use --serial PORT")
        }
        if error.remoteName == "org.bluez.Error.InProgress" { return .bluetoothBusy(error.description) }
        return .bluetooth(error.description)
    }
}
