import Essentials

extension JSONValue {
    /// The value with every object field whose value is null removed, at every depth.
    var droppingNulls: JSONValue {
        switch self {
        case .object(let fields): .object(fields.filter { $0.value != .null }.mapValues(\.droppingNulls))
        case .array(let items): .array(items.map(\.droppingNulls))
        default: self
        }
    }
}
