extension DBusValue {
    /// The value inside a variant (or the value itself).
    public var unwrapped: DBusValue {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }

    public var stringValue: String? {
        switch unwrapped {
        case .string(let text), .objectPath(let text), .signature(let text): text
        default: nil
        }
    }

    public var boolValue: Bool? {
        if case .bool(let value) = unwrapped { return value }
        return nil
    }

    /// Any integer type, as Int.
    public var intValue: Int? {
        switch unwrapped {
        case .byte(let value): Int(value)
        case .int16(let value): Int(value)
        case .uint16(let value): Int(value)
        case .int32(let value): Int(value)
        case .uint32(let value): Int(value)
        case .int64(let value): Int(value)
        case .uint64(let value): Int(exactly: value)
        default: nil
        }
    }

    /// A `d`.
    public var doubleValue: Double? {
        if case .double(let value) = unwrapped { return value }
        return nil
    }

    /// An `ay` as bytes.
    public var bytesValue: [UInt8]? {
        guard case .array("y", let items) = unwrapped else { return nil }
        return items.compactMap { if case .byte(let byte) = $0 { byte } else { nil } }
    }

    public var arrayValue: [DBusValue]? {
        if case .array(_, let items) = unwrapped { return items }
        return nil
    }

    /// A dictionary (`a{…}`) keyed by its string or object path keys.
    public var dictionaryValue: [String: DBusValue]? {
        guard case .array(let element, let items) = unwrapped, element.hasPrefix("{") else { return nil }
        var result: [String: DBusValue] = [:]
        for item in items {
            guard case .dictionaryEntry(let key, let value) = item, let name = key.stringValue else { continue }
            result[name] = value
        }
        return result
    }
}
