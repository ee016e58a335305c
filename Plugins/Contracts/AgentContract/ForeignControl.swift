import Agent
import Essentials
import PluginHost

/// A control an out-of-tree plugin contributes: its declaration's `metadata` says its `kind`
/// (`button`, `number` with `min`, `max`, `step`, `unit`; `switch`; `sensor`) and `icon`;
/// `invoke` gets `{"command": "press" | "set" | "turn" | "state", "value": …}` and answers
/// `{"state": "…"}`, or `{"error": "…"}` when it could not.
struct ForeignControl: Control {
    let definition: ControlDefinition
    private let contribution: ForeignContribution

    init(_ contribution: ForeignContribution) {
        let declaration = contribution.declaration
        let metadata = declaration.metadata
        self.contribution = contribution
        let kind: ControlKind
        switch metadata["kind"]?.stringValue {
        case "number":
            kind = .number(
                minimum: metadata["min"]?.numberValue ?? 0, maximum: metadata["max"]?.numberValue ?? 100, step: metadata["step"]?.numberValue ?? 1,
                unit: metadata["unit"]?.stringValue
            )
        case "switch": kind = .toggle
        case "sensor": kind = .sensor
        default: kind = .button
        }
        definition = ControlDefinition(
            id: declaration.name, name: declaration.summary.isEmpty ? declaration.name : declaration.summary, kind: kind, icon: metadata["icon"]?.stringValue
        )
    }

    func perform(_ command: ControlCommand) async throws {
        let request: [String: JSONValue]
        switch command {
        case .press: request = ["command": .string("press")]
        case .set(let value): request = ["command": .string("set"), "value": .double(value)]
        case .turn(let on): request = ["command": .string("turn"), "value": .bool(on)]
        }
        let answer = try contribution.invoke(.object(request))
        if let error = answer.objectValue?["error"]?.stringValue { throw ForeignControlError(description: error) }
    }

    func state() async -> String? {
        (try? contribution.invoke(.object(["command": .string("state")])))?.objectValue?["state"]?.stringValue
    }
}
