import CLIKit
import DeviceModel
import DevicesContract
import SessionContract
import SessionCommandKit

/// `home automations enable|disable|trigger|delete ID`.
struct AutomationChangeCommand: Command {
    enum Change: String, CaseIterable {
        case enable, disable, trigger, delete
    }

    let change: Change
    let access: any DeviceModelAccess
    var name: String { change.rawValue }
    var summary: String {
        switch change {
        case .enable: "Turn an automation on."
        case .disable: "Turn an automation off: its starters no longer run it."
        case .trigger: "Run an automation's actions now (its conditions skipped)."
        case .delete: "Delete an automation (one kept in automations.yaml)."
        }
    }
    let arguments = "ID"
    let options: [OptionSpec] = [.server, .token, .json]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let id = try invocation.positionals("an automation ID (see 'home automations')", minimum: 1, maximum: 1)[0]
        let opened = try await access.open(try invocation.serverSelection(), strict: nil)
        do {
            try await DeviceModelError.asUsage {
                let automations = opened.automations
                switch change {
                case .enable: try await automations.setEnabled(id, true)
                case .disable: try await automations.setEnabled(id, false)
                case .trigger: try await automations.trigger(id)
                case .delete: try await automations.delete(id)
                }
            }
        } catch {
            await opened.close()
            throw error
        }
        await opened.close()
        let outcome = ["enable": "on", "disable": "off", "trigger": "triggered", "delete": "deleted"][change.rawValue] ?? "done"
        try invocation.report(["\(id): \(outcome)"], json: ["automation": .string(id), "outcome": .string(outcome)])
        return .success
    }
}
