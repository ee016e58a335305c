import FoundationEssentials

/// A Codable value stored in one column as JSON text.
public struct JSONColumn<Value: Codable & Sendable>: DatabaseValueConvertible {
    /// The wrapped value.
    public let value: Value
    private let text: String

    /// Encodes `value` for binding; throws when it cannot be expressed as JSON.
    public init(_ value: Value) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        self.value = value
        text = String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    public var databaseValue: DatabaseValue { .text(text) }

    public init?(databaseValue: DatabaseValue) {
        guard case .text(let text) = databaseValue,
              let value = try? JSONDecoder().decode(Value.self, from: Data(text.utf8)) else { return nil }
        self.value = value
        self.text = text
    }
}
