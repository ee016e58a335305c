import CLIKit
import Essentials
import Foundation
import Thread

/// `home thread otbr URL [get|set ID|migrate --channel N [--delay S]|enable|disable]`: an
/// OpenThread border router's datasets, border agent id and extended address, through its REST API.
struct BorderRouterCommand: Command {
    let services: ThreadServices
    let name = "otbr"
    let summary = "An OpenThread border router (REST API): get (default), set ID, migrate --channel N, enable, disable."
    let arguments = "URL [get|set ID|migrate|enable|disable]"
    let options: [OptionSpec] = [
        .value("channel", "N", help: "migrate: the new channel (11-26)."),
        .value("delay", "SECONDS", help: "migrate: how long before every node switches (default 300)."),
        .flag("pending", help: "get: also the pending dataset."),
        .flag("import", help: "get: also add the router's active dataset to the store (source otbr:URL)."),
        .json, ThreadActions.showSecrets,
    ]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let words = try invocation.positionals("a border router URL", minimum: 1, maximum: 3)
        let router: BorderRouterClient
        do {
            router = try services.borderRouter(words[0])
        } catch {
            throw UsageError("\(error)")
        }
        let console = invocation.console
        let secrets = invocation.arguments.has("show-secrets")
        switch words.count > 1 ? words[1] : "get" {
        case "get":
            let active = try await router.activeDataset()
            var fields: [String: JSONValue] = [
                "url": .string(words[0]), "border_agent_id": .string(try await router.borderAgentID()),
                "extended_address": .string(try await router.extendedAddress()),
                "active_dataset": active.map { .object(DatasetView.json($0, showSecrets: secrets)) } ?? .null,
            ]
            if invocation.arguments.has("pending") {
                fields["pending_dataset"] = try await router.pendingDataset().map { .object(DatasetView.json($0, showSecrets: secrets)) } ?? .null
            }
            if invocation.arguments.has("import"), let active {
                let (stored, outcome) = try services.store().upsert(
                    active, source: "otbr:\(words[0])", borderAgentID: fields["border_agent_id"]?.stringValue,
                    extendedAddress: fields["extended_address"]?.stringValue
                )
                fields["stored"] = .string("\(stored.id): \(ThreadActions.words(outcome))")
            }
            if invocation.arguments.has("json") {
                console.print(try JSONSerializer.string(.object(fields), pretty: true))
            } else {
                console.print("border agent id   \(fields["border_agent_id"]?.stringValue ?? "?")")
                console.print("extended address  \(fields["extended_address"]?.stringValue ?? "?")")
                if let stored = fields["stored"]?.stringValue { console.print("stored            \(stored)") }
                for (title, key) in [("active dataset", "active_dataset"), ("pending dataset", "pending_dataset")] {
                    guard let value = fields[key] else { continue }
                    console.print("\(title):")
                    if let dataset = value.objectValue {
                        DatasetView.lines(dataset).forEach { console.print("  " + $0) }
                    } else {
                        console.print("  (none)")
                    }
                }
            }
        case "set":
            guard words.count == 3 else { throw UsageError("otbr URL set ID: which stored network (see 'home thread list')") }
            guard let stored = try services.store().dataset(words[2]) else { throw UsageError("no stored network '\(words[2])'") }
            try await router.setActiveDataset(stored.dataset)
            console.print("the router's active dataset is now \(stored.dataset.networkName ?? stored.id) (enable the node to join it)")
        case "migrate":
            guard let text = invocation.arguments.values["channel"], let channel = Int(text), (11...26).contains(channel) else {
                throw UsageError("migrate needs --channel N (11-26)")
            }
            let seconds = Double(invocation.arguments.values["delay"] ?? "300") ?? -1
            guard (0...86_400).contains(seconds) else { throw UsageError("--delay needs 0 to 86400 seconds") }
            let pending = try await router.migrate(toChannel: channel, delay: UInt32(seconds * 1000))
            console.print("pending dataset sent: channel \(pending.channel?.channel ?? channel) in \(Int(seconds)) s")
        case "enable", "disable":
            try await router.setEnabled(words[1] == "enable")
            console.print("the router's Thread node is \(words[1])d")
        default:
            throw UsageError("unknown otbr action '\(words[1])': get, set ID, migrate --channel N, enable, disable")
        }
        return .success
    }
}
