/// Why an Improv command could not be built or an answer could not be read.
public enum ImprovProtocolError: Error, Sendable, Equatable, CustomStringConvertible {
    case tooLong(what: String, bytes: Int, limit: Int)
    case invalid(String)
    case truncated(what: String, needed: Int, available: Int)
    case checksumMismatch(expected: UInt8, found: UInt8)

    public var description: String {
        switch self {
        case .tooLong(let what, let bytes, let limit): "\(what) is \(bytes) bytes; Improv allows \(limit)"
        case .invalid(let reason): reason
        case .truncated(let what, let needed, let available): "\(what) is truncated: \(needed) bytes needed, \(available) there"
        case .checksumMismatch(let expected, let found): "checksum mismatch: computed \(expected), the frame says \(found)"
        }
    }
}
