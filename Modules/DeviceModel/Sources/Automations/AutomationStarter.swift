import Essentials

/// What starts an automation.
public enum AutomationStarter: Sendable, Equatable {
    /// An entity's state changes (to `to`, from `from`, when given).
    case state(entityIDs: [String], to: String?, from: String?)
    /// A time of day, `HH:MM:SS`.
    case time(at: String)
    /// Sunrise or sunset, with an offset such as `-00:30:00`.
    case sun(event: String, offset: String?)
    /// An entity's number crosses above `above` or below `below` (at least one given).
    case numericState(entityID: String, above: Double?, below: Double?)
    /// An event the entity's device offers as a device trigger (`turned_on`, `turned_off`, …:
    /// `device_automation/trigger/list`). Stored as the server offers it; read back from one made
    /// elsewhere, `entityID` may be the entity's registry id.
    case device(entityID: String, event: String)
    /// A trigger the model does not cover, kept as the server has it.
    case raw(JSONValue)

    /// Home Assistant's form (2024.3: `platform`); a device trigger's is the server's own, which
    /// the compiler takes from the device's offer.
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
        case .numericState(let entityID, let above, let below):
            return AutomationJSON.numeric(["platform": .string("numeric_state"), "entity_id": .string(entityID)], above: above, below: below)
        case .device(let entityID, let event):
            return .object(["platform": .string("device"), "entity_id": .string(entityID), "type": .string(event)])
        case .raw(let value): return value
        }
    }

    /// The typed form of a trigger, or `.raw` for one it does not cover.
    init(configuration value: JSONValue) {
        let fields = value.objectValue ?? [:]
        let keys = Set(fields.keys).subtracting(["id"])
        switch fields["platform"]?.stringValue {
        case "state" where keys.isSubset(of: ["platform", "entity_id", "to", "from"]):
            if let entities = AutomationJSON.entities(fields["entity_id"]),
               let to = AutomationJSON.optionalString(fields["to"]), let from = AutomationJSON.optionalString(fields["from"]) {
                self = .state(entityIDs: entities, to: to.value, from: from.value)
                return
            }
        case "time" where keys.isSubset(of: ["platform", "at"]):
            if let at = fields["at"]?.stringValue {
                self = .time(at: at)
                return
            }
        case "sun" where keys.isSubset(of: ["platform", "event", "offset"]):
            if let event = fields["event"]?.stringValue, let offset = AutomationJSON.optionalString(fields["offset"]) {
                self = .sun(event: event, offset: offset.value)
                return
            }
        case "numeric_state" where keys.isSubset(of: ["platform", "entity_id", "above", "below"]):
            if let entity = fields["entity_id"]?.stringValue, let (above, below) = AutomationJSON.bounds(fields) {
                self = .numericState(entityID: entity, above: above, below: below)
                return
            }
        case "device" where keys.isSubset(of: ["platform", "device_id", "domain", "entity_id", "type", "metadata"]):
            if let entity = fields["entity_id"]?.stringValue, let event = fields["type"]?.stringValue {
                self = .device(entityID: entity, event: event)
                return
            }
        default: break
        }
        self = .raw(value)
    }

    /// The structure trait a time or sun starter needs among the referenced types.
    var structureTrait: StructureTrait? {
        switch self {
        case .time: .time
        case .sun: .sun
        default: nil
        }
    }

    /// One line for people.
    public var summary: String {
        switch self {
        case .state(let entityIDs, let to, let from):
            "when \(entityIDs.joined(separator: " or ")) changes" + (from.map { " from \($0)" } ?? "") + (to.map { " to \($0)" } ?? "")
        case .time(let at): "at \(at)"
        case .sun(let event, let offset): "at \(event)" + (offset.map { " \($0)" } ?? "")
        case .numericState(let entityID, let above, let below): "when \(entityID) goes" + AutomationJSON.boundsSummary(above: above, below: below)
        case .device(let entityID, let event): "when \(entityID): \(event)"
        case .raw(let value): "raw: " + ((try? JSONSerializer.string(value)) ?? "?")
        }
    }
}
