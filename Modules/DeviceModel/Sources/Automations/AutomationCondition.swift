import Essentials

/// What must hold for an automation to run its actions.
public enum AutomationCondition: Sendable, Equatable {
    /// An entity is in a state.
    case state(entityID: String, is: String)
    /// The time of day is within a window (either end optional, `HH:MM:SS`).
    case timeWindow(after: String?, before: String?)
    /// An entity's number is above `above` and below `below` (at least one given).
    case numericState(entityID: String, above: Double?, below: Double?)
    /// A condition the model does not cover, kept as the server has it.
    case raw(JSONValue)

    var configuration: JSONValue {
        switch self {
        case .state(let entityID, let state):
            return .object(["condition": .string("state"), "entity_id": .string(entityID), "state": .string(state)])
        case .timeWindow(let after, let before):
            var fields: [String: JSONValue] = ["condition": .string("time")]
            if let after { fields["after"] = .string(after) }
            if let before { fields["before"] = .string(before) }
            return .object(fields)
        case .numericState(let entityID, let above, let below):
            return AutomationJSON.numeric(["condition": .string("numeric_state"), "entity_id": .string(entityID)], above: above, below: below)
        case .raw(let value): return value
        }
    }

    init(configuration value: JSONValue) {
        let fields = value.objectValue ?? [:]
        let keys = Set(fields.keys)
        switch fields["condition"]?.stringValue {
        case "state" where keys == ["condition", "entity_id", "state"]:
            if let entity = fields["entity_id"]?.stringValue, let state = fields["state"]?.stringValue {
                self = .state(entityID: entity, is: state)
                return
            }
        case "time" where keys.isSubset(of: ["condition", "after", "before"]):
            if let after = AutomationJSON.optionalString(fields["after"]), let before = AutomationJSON.optionalString(fields["before"]) {
                self = .timeWindow(after: after.value, before: before.value)
                return
            }
        case "numeric_state" where keys.isSubset(of: ["condition", "entity_id", "above", "below"]):
            if let entity = fields["entity_id"]?.stringValue, let (above, below) = AutomationJSON.bounds(fields) {
                self = .numericState(entityID: entity, above: above, below: below)
                return
            }
        default: break
        }
        self = .raw(value)
    }

    public var summary: String {
        switch self {
        case .state(let entityID, let state): "if \(entityID) is \(state)"
        case .timeWindow(let after, let before): "if the time is" + (after.map { " after \($0)" } ?? "") + (before.map { " before \($0)" } ?? "")
        case .numericState(let entityID, let above, let below): "if \(entityID) is" + AutomationJSON.boundsSummary(above: above, below: below)
        case .raw(let value): "raw: " + ((try? JSONSerializer.string(value)) ?? "?")
        }
    }
}
