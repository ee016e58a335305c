// Fuzz target `automation-draft`: an automation as `home automations create FILE` reads it (the
// typed draft) and as the server keeps one (its triggers, conditions and actions). Nothing traps;
// every part the model types writes back a configuration that reads as the same typed part.
import Essentials

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAutomationDraft(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let value = try? JSONParser.parse(Array(UnsafeBufferPointer(start: data, count: size))) else { return 0 }
    _ = try? AutomationDraft(file: value)
    let fields = value.objectValue ?? [:]
    for item in fields["trigger"]?.arrayValue ?? [] {
        let starter = AutomationStarter(configuration: item)
        if case .raw = starter { continue }
        let again = AutomationStarter(configuration: starter.configuration)
        if again != starter { fatalError("\(starter) writes back as \(again)") }
        _ = starter.summary
    }
    for item in fields["condition"]?.arrayValue ?? [] {
        let condition = AutomationCondition(configuration: item)
        if case .raw = condition { continue }
        let again = AutomationCondition(configuration: condition.configuration)
        if again != condition { fatalError("\(condition) writes back as \(again)") }
        _ = condition.summary
    }
    for item in fields["action"]?.arrayValue ?? [] { _ = AutomationAction(configuration: item).summary }
    return 0
}
