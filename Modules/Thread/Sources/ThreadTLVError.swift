/// Why bytes are not a well-formed MeshCoP TLV sequence.
public enum ThreadTLVError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidHex(position: Int)
    case tooLarge(size: Int, limit: Int)
    case truncatedHeader(offset: Int)
    case truncatedValue(type: UInt8, offset: Int, declared: Int, available: Int)
    case extendedLengthNotAllowed(type: UInt8, offset: Int)

    public var description: String {
        switch self {
        case .invalidHex(let position):
            "the dataset is not hexadecimal: bad or odd digit at position \(position)"
        case .tooLarge(let size, let limit):
            "the dataset is \(size) bytes; an operational dataset is at most \(limit)"
        case .truncatedHeader(let offset):
            "the dataset ends inside a TLV header at byte \(offset)"
        case .truncatedValue(let type, let offset, let declared, let available):
            "TLV type \(type) at byte \(offset) declares \(declared) value bytes but only \(available) remain"
        case .extendedLengthNotAllowed(let type, let offset):
            "TLV type \(type) at byte \(offset) uses an extended length, which operational datasets do not allow"
        }
    }
}
