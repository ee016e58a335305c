import FoundationEssentials

/// The `Decoder` behind ``JSONValueDecoder``: one value and its coding path.
struct JSONValueDecoding: Decoder, SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let fields) = value else { throw mismatch("an object") }
        return KeyedDecodingContainer(JSONKeyedDecoding<Key>(fields: fields, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw mismatch("an array") }
        return JSONUnkeyedDecoding(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { value == .null }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decodeValue(type)
    }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        switch type {
        case is JSONValue.Type: return try cast(value)
        case is Bool.Type:
            guard case .bool(let flag) = value else { throw mismatch("a boolean") }
            return try cast(flag)
        case is String.Type:
            guard case .string(let text) = value else { throw mismatch("a string") }
            return try cast(text)
        case is Double.Type: return try cast(try double())
        case is Float.Type: return try cast(Float(try double()))
        case is Int.Type: return try cast(try integer(Int.self))
        case is Int64.Type: return try cast(try integer(Int64.self))
        case is Int32.Type: return try cast(try integer(Int32.self))
        case is UInt8.Type: return try cast(try integer(UInt8.self))
        case is UInt16.Type: return try cast(try integer(UInt16.self))
        case is UInt32.Type: return try cast(try integer(UInt32.self))
        case is UInt64.Type: return try cast(try integer(UInt64.self))
        case is Date.Type: return try cast(try date())
        default: return try T(from: self)
        }
    }

    private func double() throws -> Double {
        switch value {
        case .double(let number): return number
        case .integer(let number): return Double(number)
        default: throw mismatch("a number")
        }
    }

    private func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        guard case .integer(let number) = value else { throw mismatch("an integer") }
        guard let exact = I(exactly: number) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: "\(number) does not fit in \(I.self)"))
        }
        return exact
    }

    private func date() throws -> Date {
        switch value {
        case .string(let text):
            guard let date = HATimestamp.date(from: text) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: "'\(text)' is not an ISO 8601 timestamp"))
            }
            return date
        case .integer, .double: return Date(timeIntervalSince1970: try double())
        default: throw mismatch("a timestamp")
        }
    }

    private func cast<T, V>(_ decoded: V) throws -> T {
        guard let result = decoded as? T else { throw mismatch(String(describing: T.self)) }
        return result
    }

    private func mismatch(_ expected: String) -> DecodingError {
        DecodingError.typeMismatch(Any.self, DecodingError.Context(codingPath: codingPath, debugDescription: "expected \(expected), found \(value.kindName)"))
    }
}
