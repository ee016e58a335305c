/// A JSON value of any shape: attributes, event data, configuration, payloads.
///
/// Parsed by ``JSONParser`` (directly or through ``JSONValueDecoder``) it is lossless: a number
/// written without a fraction or exponent is `.integer`, any other number `.double`, so `255`
/// and `1.0` both survive a round trip through ``JSONSerializer``. Through Foundation's
/// `JSONDecoder` (the `Codable` conformance) `1.0` cannot be told from `1`.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
}
