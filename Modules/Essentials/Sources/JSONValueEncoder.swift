import FoundationEssentials

/// Encodes `Encodable` types to ``JSONValue`` and JSON text, the counterpart of ``JSONValueDecoder``.
///
/// ``JSONValue`` fields are written as they are; dates as Home Assistant's ISO 8601 text; `nil`
/// optionals are left out.
public struct JSONValueEncoder: Sendable {
    /// Creates an encoder.
    public init() {}

    /// The value as a ``JSONValue`` tree.
    public func encodeValue<T: Encodable>(_ value: T) throws(JSONEncodingError) -> JSONValue {
        let root = JSONEncodingNode()
        do {
            try JSONValueEncoding(node: root, codingPath: []).encodeValue(value)
        } catch let error as JSONEncodingError {
            throw error
        } catch let error as EncodingError {
            if case .invalidValue(_, let context) = error {
                throw JSONEncodingError(path: JSONPath.text(context.codingPath), reason: context.debugDescription)
            }
            throw JSONEncodingError(path: "", reason: "\(error)")
        } catch {
            throw JSONEncodingError(path: "", reason: "\(error)")
        }
        return root.value
    }

    /// The value as compact JSON bytes with sorted keys.
    public func encode<T: Encodable>(_ value: T) throws(JSONEncodingError) -> [UInt8] {
        try JSONSerializer.data(encodeValue(value))
    }
}
