/// What went wrong on the device (Improv's error state); `none` clears an earlier error.
public enum ImprovErrorCode: Sendable, Equatable {
    case none
    case invalidRPC
    case unknownRPC
    case unableToConnect
    case notAuthorized
    case badHostname
    case unknown
    /// A code this version does not know, as sent.
    case other(UInt8)

    public init(_ byte: UInt8) {
        switch byte {
        case 0x00: self = .none
        case 0x01: self = .invalidRPC
        case 0x02: self = .unknownRPC
        case 0x03: self = .unableToConnect
        case 0x04: self = .notAuthorized
        case 0x05: self = .badHostname
        case 0xFF: self = .unknown
        default: self = .other(byte)
        }
    }

    public var byte: UInt8 {
        switch self {
        case .none: 0x00
        case .invalidRPC: 0x01
        case .unknownRPC: 0x02
        case .unableToConnect: 0x03
        case .notAuthorized: 0x04
        case .badHostname: 0x05
        case .unknown: 0xFF
        case .other(let byte): byte
        }
    }

    public var words: String {
        switch self {
        case .none: "no error"
        case .invalidRPC: "the device could not read the command (invalid RPC packet)"
        case .unknownRPC: "the device does not know this command"
        case .unableToConnect: "unable to connect: the device could not join the Wi-Fi network (wrong password or out of reach?)"
        case .notAuthorized: "not authorized: press the button on the device first"
        case .badHostname: "the device refused the hostname"
        case .unknown: "the device reported an unknown error"
        case .other(let byte): "the device reported error 0x\(String(byte, radix: 16))"
        }
    }
}
