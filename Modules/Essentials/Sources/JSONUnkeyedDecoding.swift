/// The unkeyed container of ``JSONValueDecoding``: the items of one array.
struct JSONUnkeyedDecoding: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(items: [JSONValue], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    mutating func decodeNil() throws -> Bool {
        guard try next() == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let decoded = try JSONValueDecoding(value: next(), codingPath: codingPath + [IndexKey(currentIndex)]).decodeValue(type)
        currentIndex += 1
        return decoded
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try JSONValueDecoding(value: next(), codingPath: codingPath + [IndexKey(currentIndex)]).container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try JSONValueDecoding(value: next(), codingPath: codingPath + [IndexKey(currentIndex)]).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = JSONValueDecoding(value: try next(), codingPath: codingPath + [IndexKey(currentIndex)])
        currentIndex += 1
        return decoder
    }

    private func next() throws -> JSONValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, DecodingError.Context(
                codingPath: codingPath + [IndexKey(currentIndex)], debugDescription: "the array has only \(items.count) items"
            ))
        }
        return items[currentIndex]
    }
}
