import Essentials

extension JSONValue {
    /// The value as JSON, or null.
    static func from(_ number: Double?) -> JSONValue { number.map(JSONValue.double) ?? .null }
    static func from(_ number: Int?) -> JSONValue { number.map { .integer(Int64($0)) } ?? .null }
    static func from(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
    static func from(_ flag: Bool?) -> JSONValue { flag.map(JSONValue.bool) ?? .null }
    static func from(_ texts: [String]) -> JSONValue { .array(texts.map(JSONValue.string)) }

    var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    var strings: [String]? {
        arrayValue?.compactMap(\.stringValue)
    }
}
