import FoundationEssentials

/// Decodes one column's value: a scalar directly, any other `Decodable` from the JSON text it holds.
struct ColumnValueDecoder: Decoder, SingleValueDecodingContainer {
    let value: DatabaseValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw nestedValueError()
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw nestedValueError()
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { value == .null }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let convertible = T.self as? any DatabaseValueConvertible.Type {
            guard let decoded = convertible.init(databaseValue: value) as? T else {
                throw DecodingError.typeMismatch(T.self, DecodingError.Context(
                    codingPath: codingPath, debugDescription: "the column holds \(value.kindName)"
                ))
            }
            return decoded
        }
        guard case .text(let text) = value else {
            throw DecodingError.typeMismatch(T.self, DecodingError.Context(
                codingPath: codingPath, debugDescription: "expected JSON text for \(T.self), the column holds \(value.kindName)"
            ))
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(text.utf8))
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath, debugDescription: "the column's JSON is not a valid \(T.self)", underlyingError: error
            ))
        }
    }

    private func nestedValueError() -> DecodingError {
        DecodingError.typeMismatch(Any.self, DecodingError.Context(
            codingPath: codingPath, debugDescription: "a column decodes as one value; give the property a Decodable type"
        ))
    }
}
