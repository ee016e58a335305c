import AgentContract
import CLIKit
import Essentials
import HomePluginKit
import SessionContract
import SessionCommandKit

/// `home zones [--json]`: the server's zones (`get_zones` through the device's webhook), each
/// with its place and radius, the way the device tracker places this machine in one.
struct ZonesCommand: PluginCommand {
    static let commandName = "zones"
    static let commandSummary = "List the server's zones (name, place, radius), where the device tracker can place this machine."
    let webhook: any AgentWebhook
    let options: [OptionSpec] = [.json, .server]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("", minimum: 0, maximum: 0)
        guard let answer = try await webhook.call("get_zones", .object([:]), server: invocation.server), case .array(let zones) = answer else {
            throw ZonesError(description: "the server gave no zones (is this device's integration still there? 'home agent register')")
        }
        let console = invocation.console
        if invocation.arguments.has("json") {
            console.print(try JSONSerializer.string(answer, pretty: true))
            return .success
        }
        for zone in zones.compactMap(Zone.init) {
            console.print("\(zone.entityID)  \(zone.name)  \(zone.latitude), \(zone.longitude)  radius \(Int(zone.radius)) m\(zone.passive ? "  (passive)" : "")")
        }
        return .success
    }
}
