import FoundationEssentials

/// The keyed container of ``RowDecoder``: one key per column.
struct RowKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let row: Row
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { row.columns.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool {
        row.columns.contains(key.stringValue)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try value(for: key) == .null
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try ColumnValueDecoder(value: value(for: key), codingPath: [key]).decode(T.self)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try ColumnValueDecoder(value: value(for: key), codingPath: [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ColumnValueDecoder(value: value(for: key), codingPath: [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        RowDecoder(row: row)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try ColumnValueDecoder(value: value(for: key), codingPath: [key])
    }

    private func value(for key: Key) throws -> DatabaseValue {
        guard let value = row[key.stringValue] else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: [], debugDescription: "the row has no column '\(key.stringValue)'; columns: \(row.columns.joined(separator: ", "))"
            ))
        }
        return value
    }
}
