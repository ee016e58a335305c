import CLIKit
import Essentials
import FoundationEssentials
import Thread

/// `home thread otbr get|set|migrate|enable|disable URL …`: an OpenThread border router's
/// datasets, border agent id and extended address, through its REST API.
struct BorderRouterCommand: CommandGroup {
    let services: ThreadServices
    let name = "otbr"
    let summary = "An OpenThread border router through its REST API: get, set, migrate, enable, disable."
    var subcommands: [any Command] {
        [
            ActionCommand(
                name: "get", summary: "The router's active dataset, border agent id and extended address.", arguments: "URL",
                options: [
                    .flag("pending", help: "Also the pending dataset."),
                    .flag("import", help: "Also add the router's active dataset to the store (source otbr:URL)."), .json, ThreadActions.showSecrets,
                ], body: get
            ),
            ActionCommand(name: "set", summary: "Make a stored network the router's active dataset.", arguments: "URL ID", options: [.json], body: set),
            ActionCommand(
                name: "migrate", summary: "Move the router's network to another channel (a pending dataset every node applies).", arguments: "URL",
                options: [
                    OptionSpec.value("channel", "N", help: "The new channel (11-26).").required,
                    .value("delay", "SECONDS", help: "How long before every node switches (default 300)."), .json,
                ], body: migrate
            ),
            ActionCommand(name: "enable", summary: "Start the router's Thread node.", arguments: "URL", options: [.json]) { try await toggle($0, on: true) },
            ActionCommand(name: "disable", summary: "Stop the router's Thread node.", arguments: "URL", options: [.json]) { try await toggle($0, on: false) },
        ]
    }

    /// The router at `url`; a usage error when it is not one.
    private func router(_ url: String) throws -> BorderRouterClient {
        do {
            return try services.borderRouter(url)
        } catch {
            throw UsageError("\(error)")
        }
    }

    private func get(_ invocation: Invocation) async throws -> ExitCode {
        let url = try invocation.positionals("a border router URL", minimum: 1, maximum: 1)[0]
        let router = try router(url)
        let console = invocation.console
        let secrets = invocation.arguments.has("show-secrets")
        let active = try await router.activeDataset()
        var fields: [String: JSONValue] = [
            "url": .string(url), "border_agent_id": .string(try await router.borderAgentID()),
            "extended_address": .string(try await router.extendedAddress()),
            "active_dataset": active.map { .object(DatasetView.json($0, showSecrets: secrets)) } ?? .null,
        ]
        if invocation.arguments.has("pending") {
            fields["pending_dataset"] = try await router.pendingDataset().map { .object(DatasetView.json($0, showSecrets: secrets)) } ?? .null
        }
        if invocation.arguments.has("import"), let active {
            let (stored, outcome) = try services.store().upsert(
                active, source: "otbr:\(url)", borderAgentID: fields["border_agent_id"]?.stringValue,
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
        return .success
    }

    private func set(_ invocation: Invocation) async throws -> ExitCode {
        let words = try invocation.positionals("URL and ID, the stored network (see 'home thread list')", minimum: 2, maximum: 2)
        let router = try router(words[0])
        guard let stored = try services.store().dataset(words[1]) else { throw UsageError("no stored network '\(words[1])'") }
        try await router.setActiveDataset(stored.dataset)
        let name = stored.dataset.networkName ?? stored.id
        if invocation.arguments.has("json") {
            try invocation.console.printJSON(["url": words[0], "active_dataset": stored.id, "network_name": name])
        } else {
            invocation.console.print("the router's active dataset is now \(name) (enable the node to join it)")
        }
        return .success
    }

    private func migrate(_ invocation: Invocation) async throws -> ExitCode {
        let url = try invocation.positionals("a border router URL", minimum: 1, maximum: 1)[0]
        let router = try router(url)
        guard let text = invocation.arguments.values["channel"], let channel = Int(text), (11...26).contains(channel) else {
            throw UsageError("--channel needs 11 to 26")
        }
        let seconds = Double(invocation.arguments.values["delay"] ?? "300") ?? -1
        guard (0...86_400).contains(seconds) else { throw UsageError("--delay needs 0 to 86400 seconds") }
        let pending = try await router.migrate(toChannel: channel, delay: UInt32(seconds * 1000))
        let moved = pending.channel?.channel ?? channel
        if invocation.arguments.has("json") {
            try invocation.console.printJSON(["url": .string(url), "channel": .integer(Int64(moved)), "delay_seconds": .integer(Int64(seconds))] as [String: JSONValue])
        } else {
            invocation.console.print("pending dataset sent: channel \(moved) in \(Int(seconds)) s")
        }
        return .success
    }

    private func toggle(_ invocation: Invocation, on: Bool) async throws -> ExitCode {
        let url = try invocation.positionals("a border router URL", minimum: 1, maximum: 1)[0]
        try await router(url).setEnabled(on)
        if invocation.arguments.has("json") {
            try invocation.console.printJSON(["url": .string(url), "enabled": .bool(on)] as [String: JSONValue])
        } else {
            invocation.console.print("the router's Thread node is \(on ? "enabled" : "disabled")")
        }
        return .success
    }
}
