import Essentials

/// A new automation, typed: starters, conditions, actions. Read from the file format
/// `home automations create FILE` takes:
///
///     {"alias": "Evening", "mode": "single",
///      "starters": [{"state": {"entity": "input_boolean.away", "to": "on"}}, {"time": "07:00:00"},
///                   {"sun": {"event": "sunset", "offset": "-00:30:00"}},
///                   {"numeric": {"entity": "sensor.outside", "below": 5}},
///                   {"device": {"entity": "light.hall", "event": "turned_off"}}],
///      "conditions": [{"state": {"entity": "light.hall", "is": "off"}}, {"time": {"after": "08:00:00"}},
///                     {"numeric": {"entity": "sensor.outside", "above": -10, "below": 30}}],
///      "actions": [{"command": {"entity": "light.kitchen", "command": "brightness.set level=30"}},
///                  {"service": {"name": "input_boolean.turn_on", "entities": ["input_boolean.cosy"], "data": {}}},
///                  {"delay": 5}, {"notify": {"message": "done", "title": "Home"}}, {"scene": "scene.evening"}]}
public struct AutomationDraft: Sendable, Equatable {
    public var alias: String
    public var description: String?
    /// single, restart, queued or parallel.
    public var mode: String
    public var starters: [AutomationStarter]
    public var conditions: [AutomationCondition]
    public var actions: [AutomationAction]

    public init(alias: String, description: String? = nil, mode: String = "single", starters: [AutomationStarter],
                conditions: [AutomationCondition] = [], actions: [AutomationAction]) {
        self.alias = alias
        self.description = description
        self.mode = mode
        self.starters = starters
        self.conditions = conditions
        self.actions = actions
    }

    /// Every entity the draft names.
    var entityIDs: [String] {
        starters.flatMap { starter -> [String] in
            switch starter {
            case .state(let ids, _, _): ids
            case .numericState(let id, _, _), .device(let id, _): [id]
            default: []
            }
        } + conditions.compactMap { condition in
            switch condition {
            case .state(let id, _), .numericState(let id, _, _): id
            default: nil
            }
        } + actions.flatMap { action -> [String] in
            switch action {
            case .command(let id, _), .scene(let id): [id]
            case .service(_, let ids, _): ids
            default: []
            }
        }
    }

    /// The devices of the draft's device starters, by the entity each names.
    var deviceStarterEntities: [String] {
        starters.compactMap { starter in
            if case .device(let id, _) = starter { return id }
            return nil
        }
    }
}
