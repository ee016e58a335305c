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
}
