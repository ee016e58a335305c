import Essentials

/// What starts an automation.
public enum AutomationStarter: Sendable, Equatable {
    /// An entity's state changes (to `to`, from `from`, when given).
    case state(entityIDs: [String], to: String?, from: String?)
    /// A time of day, `HH:MM:SS`.
    case time(at: String)
    /// Sunrise or sunset, with an offset such as `-00:30:00`.
    case sun(event: String, offset: String?)
    /// A trigger the model does not cover, kept as the server has it.
    case raw(JSONValue)

    /// Home Assistant's form (2024.3: `platform`).
    var configuration: JSONValue {
        switch self {
        case .state(let entityIDs, let to, let from):
            var fields: [String: JSONValue] = ["platform": .string("state"), "entity_id": AutomationJSON.entityList(entityIDs)]
            if let to { fields["to"] = .string(to) }
            if let from { fields["from"] = .string(from) }
            return .object(fields)
        case .time(let at): return .object(["platform": .string("time"), "at": .string(at)])
        case .sun(let event, let offset):
            var fields: [String: JSONValue] = ["platform": .string("sun"), "event": .string(event)]
            if let offset { fields["offset"] = .string(offset) }
            return .object(fields)
        case .raw(let value): return value
        }
    }

    /// The typed form of a trigger, or `.raw` for one it does not cover.
    init(configuration value: JSONValue) {
        let fields = value.objectValue ?? [:]
        let extra = Set(fields.keys).subtracting(["platform", "entity_id", "to", "from", "at", "event", "offset", "id"])
        switch (fields["platform"]?.stringValue, extra.isEmpty) {
        case ("state", true):
            if let entities = AutomationJSON.entities(fields["entity_id"]),
               let to = AutomationJSON.optionalString(fields["to"]), let from = AutomationJSON.optionalString(fields["from"]) {
                self = .state(entityIDs: entities, to: to.value, from: from.value)
                return
            }
        case ("time", true):
            if let at = fields["at"]?.stringValue {
                self = .time(at: at)
                return
            }
        case ("sun", true):
            if let event = fields["event"]?.stringValue, let offset = AutomationJSON.optionalString(fields["offset"]) {
                self = .sun(event: event, offset: offset.value)
                return
            }
        default: break
        }
        self = .raw(value)
    }

    /// One line for people.
    public var summary: String {
        switch self {
        case .state(let entityIDs, let to, let from):
            "when \(entityIDs.joined(separator: " or ")) changes" + (from.map { " from \($0)" } ?? "") + (to.map { " to \($0)" } ?? "")
        case .time(let at): "at \(at)"
        case .sun(let event, let offset): "at \(event)" + (offset.map { " \($0)" } ?? "")
        case .raw(let value): "raw: " + ((try? JSONSerializer.string(value)) ?? "?")
        }
    }
}
