/// Why bytes are not a valid operational dataset; each names the TLV and where it starts.
public enum ThreadDatasetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The TLV framing itself is broken (bad hex, truncated, oversized).
    case framing(ThreadTLVError)
    /// A TLV whose type fixes its length has another.
    case wrongLength(type: UInt8, offset: Int, length: Int, expected: String)
    /// A type appears twice.
    case duplicate(type: UInt8, offset: Int)
    /// An active dataset lacks required TLVs.
    case missing([ThreadTLVType])
    /// A value that is not what its type allows (a network name that is not UTF-8, channel 0, …).
    case invalidValue(type: UInt8, offset: Int, reason: String)

    public var description: String {
        switch self {
        case .framing(let error): error.description
        case .wrongLength(let type, let offset, let length, let expected):
            "\(Self.name(type)) TLV at byte \(offset) is \(length) bytes long; it must be \(expected)"
        case .duplicate(let type, let offset): "\(Self.name(type)) TLV at byte \(offset) appears a second time"
        case .missing(let types): "an active dataset needs \(types.map(\.name).joined(separator: ", "))"
        case .invalidValue(let type, let offset, let reason): "\(Self.name(type)) TLV at byte \(offset): \(reason)"
        }
    }

    static func name(_ type: UInt8) -> String { ThreadTLVType(rawValue: type)?.name ?? "type \(type)" }
}
