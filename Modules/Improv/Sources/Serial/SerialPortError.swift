/// Why a serial port cannot be used.
public enum SerialPortError: Error, Sendable, Equatable, CustomStringConvertible {
    case cannotOpen(String, String)
    case notASerialPort(String)
    case unsupportedSpeed(Int, [Int])
    case gone(String, String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "cannot open \(path): \(reason)"
        case .notASerialPort(let path): "\(path) is not a serial port (or a terminal)"
        case .unsupportedSpeed(let baud, let known): "\(baud) baud is not supported; use one of \(known.map(String.init).joined(separator: ", "))"
        case .gone(let path, let reason): "the device on \(path) went away: \(reason)"
        }
    }
}
