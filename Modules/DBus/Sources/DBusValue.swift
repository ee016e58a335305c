/// A D-Bus value, typed as on the wire. Arrays carry their element signature so an empty one
/// still says what it holds; a dictionary is an array of dictionary entries.
public indirect enum DBusValue: Sendable, Equatable {
    case byte(UInt8)
    case bool(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case signature(String)
    case array(element: String, [DBusValue])
    case dictionaryEntry(DBusValue, DBusValue)
    case structure([DBusValue])
    case variant(DBusValue)

    /// The value's type signature.
    public var signature: String {
        switch self {
        case .byte: "y"
        case .bool: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .array(let element, _): "a" + element
        case .dictionaryEntry(let key, let value): "{" + key.signature + value.signature + "}"
        case .structure(let items): "(" + items.map(\.signature).joined() + ")"
        case .variant: "v"
        }
    }

    /// `a{sv}`, the shape of property maps and options.
    public static func properties(_ values: [String: DBusValue]) -> DBusValue {
        .array(element: "{sv}", values.sorted { $0.key < $1.key }.map { .dictionaryEntry(.string($0.key), .variant($0.value)) })
    }

    /// `ay`.
    public static func bytes(_ bytes: [UInt8]) -> DBusValue {
        .array(element: "y", bytes.map(DBusValue.byte))
    }

    /// `as`.
    public static func strings(_ strings: [String]) -> DBusValue {
        .array(element: "s", strings.map(DBusValue.string))
    }
}
