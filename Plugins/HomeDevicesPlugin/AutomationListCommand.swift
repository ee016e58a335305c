import CLIKit
import DeviceModel
import DevicesContract
import Essentials
import SessionContract
import SessionCommandKit

/// `home automations list [--json]`.
struct AutomationListCommand: Command {
    let access: any DeviceModelAccess
    let name = "list"
    let summary = "List the automations: alias, on or off, when last triggered, id."
    let options: [OptionSpec] = [.json, .server, .token]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let opened = try await access.open(try invocation.serverSelection(), strict: nil)
        let automations: [Automation]
        do {
            automations = try await opened.automations.list()
        } catch {
            await opened.close()
            throw error
        }
        await opened.close()
        if invocation.arguments.has("json") {
            let rows = automations.map { JSONValue.object(AutomationJSONView.summary($0)) }
            invocation.console.print(try JSONSerializer.string(.array(rows), pretty: true))
        } else if automations.isEmpty {
            invocation.console.print("no automations yet: 'home automations create FILE' makes one")
        } else {
            invocation.console.print(TextTable(header: ["AUTOMATION", "STATE", "LAST TRIGGERED", "ID"], rows: automations.map {
                [$0.alias, $0.isEnabled ? "on" : "off", $0.lastTriggered ?? "never", $0.id ?? $0.entityID]
            }).text)
        }
        return .success
    }
}
