/// Why bytes are not a valid Improv serial packet.
public enum ImprovPacketError: Error, Sendable, Equatable, CustomStringConvertible {
    case truncated(needed: Int, available: Int)
    case badHeader
    case unsupportedVersion(UInt8)
    case unknownType(UInt8)
    case checksumMismatch(expected: UInt8, found: UInt8)
    case payloadTooLarge(Int)

    public var description: String {
        switch self {
        case .truncated(let needed, let available):
            "the packet is truncated: \(needed) bytes needed, \(available) available"
        case .badHeader:
            "the packet does not start with IMPROV"
        case .unsupportedVersion(let version):
            "Improv serial version \(version) is not supported; this reads version \(ImprovPacket.version)"
        case .unknownType(let type):
            "packet type \(type) is unknown; known types are 1 to 4"
        case .checksumMismatch(let expected, let found):
            "checksum mismatch: computed \(expected), packet says \(found)"
        case .payloadTooLarge(let size):
            "a payload of \(size) bytes does not fit the one-byte length of an Improv packet"
        }
    }
}
