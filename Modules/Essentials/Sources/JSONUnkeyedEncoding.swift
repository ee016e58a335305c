/// The unkeyed container of ``JSONValueEncoding``.
struct JSONUnkeyedEncoding: UnkeyedEncodingContainer {
    let node: JSONEncodingNode
    let codingPath: [any CodingKey]

    var count: Int { node.arrayCount }

    mutating func encodeNil() throws {
        node.appendChild().content = .value(.null)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = codingPath + [IndexKey(count)]
        try JSONValueEncoding(node: node.appendChild(), codingPath: path).encodeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = codingPath + [IndexKey(count)]
        return JSONValueEncoding(node: node.appendChild(), codingPath: path).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = codingPath + [IndexKey(count)]
        return JSONValueEncoding(node: node.appendChild(), codingPath: path).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let path = codingPath + [IndexKey(count)]
        return JSONValueEncoding(node: node.appendChild(), codingPath: path)
    }
}
