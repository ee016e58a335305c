import FoundationEssentials

/// The `Encoder` behind ``JSONValueEncoder``: writes into one node of the tree.
struct JSONValueEncoding: Encoder, SingleValueEncodingContainer {
    let node: JSONEncodingNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(JSONKeyedEncoding<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return JSONUnkeyedEncoding(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func encodeNil() throws { node.content = .value(.null) }

    func encode<T: Encodable>(_ value: T) throws { try encodeValue(value) }

    func encodeValue<T: Encodable>(_ value: T) throws {
        switch value {
        case let json as JSONValue: node.content = .value(json)
        case let flag as Bool: node.content = .value(.bool(flag))
        case let text as String: node.content = .value(.string(text))
        case let number as Double: node.content = .value(.double(number))
        case let number as Float: node.content = .value(.double(Double(number)))
        case let date as Date: node.content = .value(.string(HATimestamp.string(from: date)))
        case let number as any FixedWidthInteger:
            guard let exact = Int64(exactly: number) else {
                throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: codingPath, debugDescription: "\(number) does not fit in 64 bits"))
            }
            node.content = .value(.integer(exact))
        default:
            try value.encode(to: self)
        }
    }
}
