import CLIKit
import DeviceModel
import DevicesContract
import Essentials
import SessionContract
import SessionCommandKit

/// `home automations show ID [--json]`: the typed view (the parts the model does not cover shown
/// raw); with `--json`, the configuration exactly as the server keeps it, which `create` takes back.
struct AutomationShowCommand: Command {
    let access: any DeviceModelAccess
    let name = "show"
    let summary = "Show an automation's starters, conditions and actions; --json prints its configuration as the server keeps it."
    let arguments = "ID"
    let options: [OptionSpec] = [.json, .server, .token]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let id = try invocation.positionals("an automation ID (see 'home automations')", minimum: 1, maximum: 1)[0]
        let opened = try await access.open(try invocation.serverSelection(), strict: nil)
        let automation: Automation
        do {
            automation = try await DeviceModelError.asUsage { try await opened.automations.automation(id) }
        } catch {
            await opened.close()
            throw error
        }
        await opened.close()
        let console = invocation.console
        if invocation.arguments.has("json") {
            console.print(String(decoding: automation.configuration, as: UTF8.self))
            return .success
        }
        console.print("\(automation.alias) (\(automation.isEnabled ? "on" : "off"))  \(automation.entityID)\(automation.id.map { ", id \($0)" } ?? "")")
        console.print("  last triggered: \(automation.lastTriggered ?? "never")")
        for starter in automation.starters { console.print("  starter: \(starter.summary)") }
        for condition in automation.conditions { console.print("  condition: \(condition.summary)") }
        for action in automation.actions { console.print("  action: \(action.summary)") }
        return .success
    }
}
