import Essentials

/// A new automation, typed: starters, conditions, actions. Read from the file format
/// `home automations create FILE` takes:
///
///     {"alias": "Evening", "mode": "single",
///      "starters": [{"state": {"entity": "input_boolean.away", "to": "on"}}, {"time": "07:00:00"},
///                   {"sun": {"event": "sunset", "offset": "-00:30:00"}}],
///      "conditions": [{"state": {"entity": "light.hall", "is": "off"}}, {"time": {"after": "08:00:00"}}],
///      "actions": [{"command": {"entity": "light.kitchen", "command": "brightness.set level=30"}},
///                  {"delay": 5}, {"notify": {"message": "done", "title": "Home"}}]}
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
            if case .state(let ids, _, _) = starter { return ids }
            return []
        } + conditions.compactMap { condition in
            if case .state(let id, _) = condition { return id }
            return nil
        } + actions.flatMap { action -> [String] in
            switch action {
            case .command(let id, _): [id]
            case .service(_, let ids, _): ids
            default: []
            }
        }
    }
}
