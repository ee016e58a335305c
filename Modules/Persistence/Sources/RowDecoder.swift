import FoundationEssentials

/// Decodes a `Decodable` from a row, matching property names to column names.
///
/// Integers, doubles, strings, booleans, dates and data come from their columns; any other
/// `Decodable` property is read from a column holding JSON text (as ``JSONColumn`` writes it).
struct RowDecoder: Decoder {
    let row: Row
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowKeyedContainer<Key>(row: row))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self, DecodingError.Context(codingPath: codingPath, debugDescription: "a row decodes as a keyed value")
        )
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard row.values.count == 1 else {
            throw DecodingError.typeMismatch(
                Any.self,
                DecodingError.Context(codingPath: codingPath, debugDescription: "a single value needs a one-column row, not \(row.values.count) columns")
            )
        }
        return ColumnValueDecoder(value: row.values[0], codingPath: codingPath)
    }
}
