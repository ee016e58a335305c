import Essentials

/// Small readers of Home Assistant's automation configuration shapes.
enum AutomationJSON {
    /// One entity id or a list of them.
    static func entities(_ value: JSONValue?) -> [String]? {
        switch value {
        case .string(let id)?: [id]
        case .array(let ids)?: ids.allSatisfy { $0.stringValue != nil } ? ids.compactMap(\.stringValue) : nil
        default: nil
        }
    }

    static func entityList(_ ids: [String]) -> JSONValue {
        ids.count == 1 ? .string(ids[0]) : .array(ids.map(JSONValue.string))
    }

    /// Absent (a box holding nil) or a string; nil when present with another kind.
    static func optionalString(_ value: JSONValue?) -> (value: String?, present: Bool)? {
        switch value {
        case nil: (nil, false)
        case .string(let text)?: (text, true)
        default: nil
        }
    }

    /// A delay as seconds: a number, `HH:MM:SS`, or `{hours, minutes, seconds, milliseconds}`.
    static func seconds(_ value: JSONValue) -> Double? {
        switch value {
        case .integer(let number): return Double(number)
        case .double(let number): return number
        case .string(let text):
            let parts = text.split(separator: ":").map { Double($0) }
            guard (1...3).contains(parts.count), parts.allSatisfy({ $0 != nil }) else { return nil }
            return parts.compactMap { $0 }.reduce(0) { $0 * 60 + $1 }
        case .object(let fields):
            let units: [String: Double] = ["hours": 3600, "minutes": 60, "seconds": 1, "milliseconds": 0.001]
            guard Set(fields.keys).isSubset(of: units.keys) else { return nil }
            var total = 0.0
            for (key, amount) in fields {
                guard let number = amount.numberValue, let unit = units[key] else { return nil }
                total += number * unit
            }
            return total
        default: return nil
        }
    }

    /// `fields` with `above` and `below` added where given.
    static func numeric(_ fields: [String: JSONValue], above: Double?, below: Double?) -> JSONValue {
        var fields = fields
        if let above { fields["above"] = number(above) }
        if let below { fields["below"] = number(below) }
        return .object(fields)
    }

    /// A whole number as an integer, so that what is saved reads as it was written.
    static func number(_ value: Double) -> JSONValue {
        value == value.rounded() && abs(value) < 1e15 ? .integer(Int64(value)) : .double(value)
    }

    /// The numeric `above` and `below` of a configuration (at least one, each a number); nil
    /// when either is of another kind (an entity id as a bound, which the model does not cover).
    static func bounds(_ fields: [String: JSONValue]) -> (Double?, Double?)? {
        let above = fields["above"], below = fields["below"]
        guard above != nil || below != nil else { return nil }
        if let above, above.numberValue == nil { return nil }
        if let below, below.numberValue == nil { return nil }
        return (above?.numberValue, below?.numberValue)
    }

    /// " above A", " below B", or both, for summaries.
    static func boundsSummary(above: Double?, below: Double?) -> String {
        (above.map { " above \(text($0))" } ?? "") + (below.map { " below \(text($0))" } ?? "")
    }

    private static func text(_ value: Double) -> String {
        if case .integer(let whole) = number(value) { return String(whole) }
        return String(value)
    }
}
