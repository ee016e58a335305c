import FoundationEssentials

/// Decodes `Decodable` types from JSON parsed by ``JSONParser``, keeping ``JSONValue`` fields
/// lossless and reporting a bad field by its path.
///
/// Dates are read from Home Assistant's ISO 8601 text (``HATimestamp``) or from a number of
/// seconds since 1970.
public struct JSONValueDecoder: Sendable {
    /// The largest input ``decode(_:from:)-(_,[UInt8])`` accepts, so a hostile peer cannot exhaust memory.
    public let maximumSize: Int

    /// Creates a decoder; `maximumSize` defaults to 64 MiB.
    public init(maximumSize: Int = 64 << 20) {
        self.maximumSize = maximumSize
    }

    /// Parses `bytes` and decodes a `T` from them.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(JSONDecodingError) -> T {
        guard bytes.count <= maximumSize else {
            throw JSONDecodingError(path: "", reason: "the input is \(bytes.count) bytes; at most \(maximumSize) are decoded")
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw JSONDecodingError(path: error.path, reason: "malformed JSON at byte \(error.offset): \(error.reason)")
        }
        return try decode(type, from: value)
    }

    /// Parses `data` and decodes a `T` from it.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(JSONDecodingError) -> T {
        try decode(type, from: [UInt8](data))
    }

    /// Decodes a `T` from an already parsed value.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws(JSONDecodingError) -> T {
        do {
            return try JSONValueDecoding(value: value, codingPath: []).decodeValue(T.self)
        } catch let error as DecodingError {
            throw Self.describe(error)
        } catch let error as JSONDecodingError {
            throw error
        } catch {
            throw JSONDecodingError(path: "", reason: "\(error)")
        }
    }

    private static func describe(_ error: DecodingError) -> JSONDecodingError {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return JSONDecodingError(path: JSONPath.text(context.codingPath), reason: context.debugDescription)
        case .keyNotFound(let key, let context):
            return JSONDecodingError(path: JSONPath.text(context.codingPath + [key]), reason: "required field is missing")
        @unknown default:
            return JSONDecodingError(path: "", reason: "\(error)")
        }
    }
}
