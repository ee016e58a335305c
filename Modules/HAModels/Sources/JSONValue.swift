/// A JSON value of any shape: configuration objects, attributes, payloads.
///
/// Integers that fit in 64 bits decode as `.integer`, other numbers as `.double`.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
}
