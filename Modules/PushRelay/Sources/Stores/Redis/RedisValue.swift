/// A Redis reply.
public enum RedisValue: Sendable, Equatable {
    case string(String)
    case integer(Int64)
    case array([RedisValue])
    case null
    case status(String)

    /// The integer of an `:` reply, nil for any other.
    public var integer: Int64? {
        switch self {
        case .integer(let value): value
        case .string(let text): Int64(text)
        default: nil
        }
    }

    /// The text of a bulk or simple string reply, nil for any other.
    public var string: String? {
        switch self {
        case .string(let text), .status(let text): text
        default: nil
        }
    }

    /// The elements of an array reply, empty for any other.
    public var array: [RedisValue] {
        if case .array(let items) = self { return items }
        return []
    }
}
