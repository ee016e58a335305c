import Agent
import PluginHost

/// One control of the user's in the manifest: `{"id": "backup", "name": "Start backup", "kind":
/// "button", "run": ["/usr/local/bin/backup"]}`; a `number` also takes `min`, `max`, `step`,
/// `unit`; `state` is a command that prints the state.
struct CommandControlSpec: Decodable, Sendable {
    let definition: ControlDefinition
    let run: [String]
    let state: [String]?

    private enum CodingKeys: String, CodingKey {
        case id, name, kind, run, state, min, max, step, unit, icon
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let id = try container.decode(String.self, forKey: .id)
        guard (1...64).contains(id.count), id.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") }) else {
            throw ConfigurationError(key: "commands.id", reason: "'\(id)' is not an id of 1 to 64 lower-case letters, digits and _")
        }
        let kind: ControlKind
        switch try container.decode(String.self, forKey: .kind) {
        case "button": kind = .button
        case "switch": kind = .toggle
        case "sensor": kind = .sensor
        case "number":
            let minimum = try container.decodeIfPresent(Double.self, forKey: .min) ?? 0
            let maximum = try container.decodeIfPresent(Double.self, forKey: .max) ?? 100
            let step = try container.decodeIfPresent(Double.self, forKey: .step) ?? 1
            guard minimum < maximum, step > 0 else { throw ConfigurationError(key: "commands.\(id)", reason: "a number needs min < max and a step above 0") }
            kind = .number(minimum: minimum, maximum: maximum, step: step, unit: try container.decodeIfPresent(String.self, forKey: .unit))
        case let other:
            throw ConfigurationError(key: "commands.\(id).kind", reason: "'\(other)' is not button, number, switch or sensor")
        }
        definition = ControlDefinition(
            id: id, name: try container.decodeIfPresent(String.self, forKey: .name) ?? id, kind: kind, icon: try container.decodeIfPresent(String.self, forKey: .icon)
        )
        run = try container.decodeIfPresent([String].self, forKey: .run) ?? []
        state = try container.decodeIfPresent([String].self, forKey: .state)
        if kind == .sensor {
            guard state?.isEmpty == false else { throw ConfigurationError(key: "commands.\(id).state", reason: "a sensor needs a state command") }
        } else if run.isEmpty {
            throw ConfigurationError(key: "commands.\(id).run", reason: "a \(kind.component) needs a run command (an argument list, not a shell line)")
        }
    }
}
