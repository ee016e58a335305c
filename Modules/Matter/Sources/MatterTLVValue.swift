/// A value of a QR code's optional data, as Matter's TLV types it.
public enum MatterTLVValue: Sendable, Equatable {
    case signed(Int64)
    case unsigned(UInt64)
    case bool(Bool)
    case string(String)
    case bytes([UInt8])

    /// The value as text for `home matter parse`.
    public var text: String {
        switch self {
        case .signed(let value): "\(value)"
        case .unsigned(let value): "\(value)"
        case .bool(let value): "\(value)"
        case .string(let value): value
        case .bytes(let value): value.map { String($0, radix: 16).leftPaddedHex }.joined()
        }
    }
}

extension String {
    fileprivate var leftPaddedHex: String { count == 1 ? "0" + self : self }
}
