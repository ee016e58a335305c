/// An Improv RPC command, typed. Serial and BLE number them alike except 0x02, which is
/// "request current state" over serial and "identify" over BLE.
public enum ImprovCommand: Sendable, Equatable {
    case sendWiFi(ssid: String, password: String)
    /// Serial: the device answers with its current state.
    case requestState
    /// BLE: the device blinks, beeps, … to show which one it is.
    case identify
    case deviceInfo
    case scanNetworks
    /// Reads the hostname, or sets it.
    case hostname(String?)
    /// Reads the device name, or sets it.
    case deviceName(String?)

    /// The command byte.
    public var code: UInt8 {
        switch self {
        case .sendWiFi: 0x01
        case .requestState, .identify: 0x02
        case .deviceInfo: 0x03
        case .scanNetworks: 0x04
        case .hostname: 0x05
        case .deviceName: 0x06
        }
    }

    /// The command's data: length-prefixed strings.
    public func data() throws(ImprovProtocolError) -> [UInt8] {
        switch self {
        case .sendWiFi(let ssid, let password): return try Self.string(ssid, "SSID", minimum: 1, maximum: 32) + Self.string(password, "password", minimum: 0, maximum: 64)
        case .hostname(let name?), .deviceName(let name?): return try Self.string(name, "name", minimum: 1, maximum: 255)
        default: return []
        }
    }

    /// The RPC frame: command, length, data, and over BLE a checksum.
    public func frame(checksum: Bool) throws(ImprovProtocolError) -> [UInt8] {
        let data = try data()
        guard data.count <= 255 else { throw .tooLong(what: "the command's data", bytes: data.count, limit: 255) }
        let bytes = [code, UInt8(data.count)] + data
        return checksum ? bytes + [bytes.reduce(0) { $0 &+ $1 }] : bytes
    }

    private static func string(_ text: String, _ what: String, minimum: Int, maximum: Int) throws(ImprovProtocolError) -> [UInt8] {
        let bytes = Array(text.utf8)
        guard bytes.count >= minimum else { throw .invalid("the \(what) must not be empty") }
        guard bytes.count <= maximum else { throw .tooLong(what: "the \(what)", bytes: bytes.count, limit: maximum) }
        return [UInt8(bytes.count)] + bytes
    }
}
