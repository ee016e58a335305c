import DeviceModel
import Essentials

/// Automations as JSON for `--json`.
enum AutomationJSONView {
    static func summary(_ automation: Automation) -> [String: JSONValue] {
        [
            "entity_id": .string(automation.entityID), "id": automation.id.map(JSONValue.string) ?? .null, "alias": .string(automation.alias),
            "enabled": .bool(automation.isEnabled), "last_triggered": automation.lastTriggered.map(JSONValue.string) ?? .null,
            "starters": .array(automation.starters.map { .string($0.summary) }),
            "conditions": .array(automation.conditions.map { .string($0.summary) }),
            "actions": .array(automation.actions.map { .string($0.summary) }),
        ]
    }
}
