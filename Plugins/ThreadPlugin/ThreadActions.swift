import CLIKit
import Essentials
import FoundationEssentials
import SessionContract
import SessionCommandKit
import Thread

/// The `home thread` subcommands over the store (list, show, new, pskc) and the server (import,
/// share, prefer, delete, routers, border-agent).
struct ThreadActions {
    static let showSecrets = OptionSpec.flag("show-secrets", help: "Print network keys and PSKc (hidden by default).")
    let services: ThreadServices

    var all: [any Command] {
        [list, show, importDatasets, share, prefer, delete, new, pskc, routers, borderAgent, BorderRouterCommand(services: services)]
    }

    private var list: ActionCommand {
        ActionCommand(name: "list", summary: "The stored networks; * marks each server's preferred one (after an import).", arguments: "",
                     options: [.json, Self.showSecrets]) { [services] invocation in
            let stored = try services.store().all()
            let secrets = invocation.arguments.has("show-secrets")
            if invocation.arguments.has("json") {
                invocation.console.print(try JSONSerializer.string(.array(stored.map { DatasetView.json($0, showSecrets: secrets) }), pretty: true))
            } else if stored.isEmpty {
                invocation.console.print("no Thread networks yet: 'home thread import' reads the server's, 'home thread new' makes one")
            } else {
                let rows = stored.map { item in
                    [(item.servers.contains { $0.preferred } ? "* " : "  ") + (item.dataset.networkName ?? "?"), "\(item.dataset.channel?.channel ?? 0)",
                     item.dataset.panIDText ?? "-", item.id, item.source,
                     item.servers.map { $0.server + ($0.preferred ? " (preferred)" : "") }.joined(separator: ", ")]
                }
                invocation.console.print(TextTable(header: ["NETWORK", "CHANNEL", "PAN ID", "ID", "SOURCE", "ON SERVERS"], rows: rows).text)
            }
            return .success
        }
    }

    private var show: ActionCommand {
        ActionCommand(name: "show", summary: "One stored network's dataset, field by field.", arguments: "ID",
                     options: [.json, Self.showSecrets]) { [services] invocation in
            let stored = try Self.stored(services, invocation)
            try Self.print(stored, invocation)
            return .success
        }
    }

    private var importDatasets: ActionCommand {
        ActionCommand(name: "import", summary: "Read the server's datasets into the store (the newer of two copies of a network wins).",
                     arguments: "", options: [.server, .token, .json]) { [services] invocation in
            let report = try await services.withSync(invocation) { try await $0.importDatasets() }
            var lines = report.imported.map { "\($0.0): \(Self.words($0.1))" } + report.refused.map { "\($0.0): refused: \($0.1)" }
            lines += report.removed.map { "\($0): removed (the server no longer has it)" }
            if report.imported.isEmpty && report.refused.isEmpty { lines.append("the server has no Thread datasets") }
            try invocation.report(lines, json: [
                "imported": .object(Dictionary(report.imported.map { ($0.0, .string(Self.words($0.1))) }, uniquingKeysWith: { first, _ in first })),
                "refused": .object(Dictionary(report.refused.map { ($0.0, .string($0.1)) }, uniquingKeysWith: { first, _ in first })),
                "removed": .array(report.removed.map(JSONValue.string)),
            ])
            return .success
        }
    }

    private var share: ActionCommand {
        ActionCommand(name: "share", summary: "Give a stored network to the server (source HomeCompanion).", arguments: "ID",
                     options: [.server, .token, .json]) { [services] invocation in
            let stored = try Self.stored(services, invocation)
            let remote = try await services.withSync(invocation) { try await $0.share(stored.id) }
            try invocation.report(
                ["shared \(stored.dataset.networkName ?? stored.id); the server's id for it is \(remote)"],
                json: ["id": .string(stored.id), "server_id": .string(remote)]
            )
            return .success
        }
    }

    private var prefer: ActionCommand {
        ActionCommand(name: "prefer", summary: "Make a network the server's preferred one (shared first if needed).", arguments: "ID",
                     options: [.server, .token, .json]) { [services] invocation in
            let stored = try Self.stored(services, invocation)
            try await services.withSync(invocation) { try await $0.prefer(stored.id) }
            try invocation.report(["\(stored.dataset.networkName ?? stored.id) is now the server's preferred Thread network"], json: ["preferred": .string(stored.id)])
            return .success
        }
    }

    private var delete: ActionCommand {
        ActionCommand(name: "delete", summary: "Delete a network from the server (not its preferred one) and the store; --server-only keeps it here.",
                     arguments: "ID", options: [.flag("server-only", help: "Keep it in the store."), .flag("local-only", help: "Leave the server alone."),
                                                .server, .token, .json]) { [services] invocation in
            let stored = try Self.stored(services, invocation)
            if invocation.arguments.has("local-only") {
                try services.store().delete(stored.id)
            } else {
                try await services.withSync(invocation) { try await $0.delete(stored.id, locally: !invocation.arguments.has("server-only")) }
            }
            try invocation.report(["deleted \(stored.dataset.networkName ?? stored.id)"], json: ["deleted": .string(stored.id)])
            return .success
        }
    }

    private var new: ActionCommand {
        ActionCommand(name: "new", summary: "Make a new network (random keys, as a border router's dataset init new) and store it.",
                     arguments: "", options: [.value("channel", "N", help: "The channel (11-26; default random)."),
                                              .value("name", "NAME", help: "The network name (default OpenThread-<PAN ID>)."),
                                              .json, Self.showSecrets]) { [services] invocation in
            var channel: Int?
            if let text = invocation.arguments.values["channel"] {
                guard let number = Int(text), (11...26).contains(number) else { throw UsageError("--channel needs 11 to 26, not '\(text)'") }
                channel = number
            }
            var generator = DatasetGenerator()
            let dataset: OperationalDataset
            do {
                dataset = try generator.make(channel: channel, name: invocation.arguments.values["name"])
            } catch {
                throw UsageError("\(error)")
            }
            let (stored, _) = try services.store().upsert(dataset, source: ThreadSync.source)
            try Self.print(stored, invocation)
            return .success
        }
    }

    private var pskc: ActionCommand {
        ActionCommand(name: "pskc", summary: "Compute the PSKc of a passphrase (read from standard input) for a network name and extended PAN ID.",
                     arguments: "", options: [OptionSpec.flag("passphrase-stdin", help: "Read the passphrase from standard input (never argv).").required,
                                              OptionSpec.value("name", "NAME", help: "The network name.").required,
                                              OptionSpec.value("xpanid", "HEX", help: "The extended PAN ID (16 hex digits).").required, .json]) { invocation in
            guard let name = invocation.arguments.values["name"], let xpanid = invocation.arguments.values["xpanid"] else {
                throw UsageError("pskc needs --name NAME and --xpanid HEX")
            }
            guard let bytes = Self.bytes(hex: xpanid), bytes.count == 8 else { throw UsageError("--xpanid needs 16 hex digits, not '\(xpanid)'") }
            guard let passphrase = invocation.console.readLine(secret: true), !passphrase.isEmpty else { throw UsageError("no passphrase on standard input") }
            do {
                let pskc = Hex.encode(try PSKc.compute(passphrase: passphrase, networkName: name, extendedPANID: bytes))
                try invocation.report([pskc], json: ["pskc": .string(pskc), "network_name": .string(name), "extended_pan_id": .string(xpanid.lowercased())])
            } catch {
                throw UsageError("\(error)")
            }
            return .success
        }
    }

    private var routers: ActionCommand {
        ActionCommand(name: "routers", summary: "Border routers the server discovers (mDNS) within a few seconds.", arguments: "",
                     options: [.value("seconds", "S", help: "How long to listen (default 5)."), .json, .server, .token]) { [services] invocation in
            let seconds = Double(invocation.arguments.values["seconds"] ?? "5") ?? 5
            guard (0.5...120).contains(seconds) else { throw UsageError("--seconds needs 0.5 to 120") }
            let found = try await services.withSync(invocation) { try await $0.discoverRouters(for: seconds) }
            if invocation.arguments.has("json") {
                invocation.console.print(try JSONSerializer.string(.array(found.map { .object(["key": .string($0.key), "data": .object($0.data)]) }), pretty: true))
            } else if found.isEmpty {
                invocation.console.print("no Thread border routers answered in \(seconds) s (the server looks for _meshcop._udp over mDNS on its own network)")
            } else {
                for router in found {
                    let data = router.data
                    invocation.console.print("\(router.key)  \(data["brand"]?.stringValue ?? "?") \(data["model_name"]?.stringValue ?? "")  network \(data["network_name"]?.stringValue ?? "?")")
                }
            }
            return .success
        }
    }

    private var borderAgent: ActionCommand {
        ActionCommand(name: "border-agent", summary: "Set the server's preferred border agent for a network.", arguments: "ID",
                     options: [.value("border-agent-id", "HEX", help: "The border agent id (or none)."),
                               OptionSpec.value("extended-address", "HEX", help: "The border router's extended address.").required,
                               .server, .token, .json]) { [services] invocation in
            let stored = try Self.stored(services, invocation)
            guard let address = invocation.arguments.values["extended-address"] else { throw UsageError("border-agent needs --extended-address HEX") }
            let agent = invocation.arguments.values["border-agent-id"].flatMap { $0 == "none" ? nil : $0 }
            try await services.withSync(invocation) { try await $0.setPreferredBorderAgent(stored.id, borderAgentID: agent, extendedAddress: address) }
            try invocation.report(
                ["the server now reaches \(stored.dataset.networkName ?? stored.id) through border agent \(agent ?? "(any)") at \(address)"],
                json: ["id": .string(stored.id), "border_agent_id": agent.map(JSONValue.string) ?? .null, "extended_address": .string(address)]
            )
            return .success
        }
    }

    /// A stored network field by field, or as JSON with `--json`; secrets only with `--show-secrets`.
    static func print(_ stored: StoredDataset, _ invocation: Invocation) throws {
        let fields = DatasetView.json(stored, showSecrets: invocation.arguments.has("show-secrets"))
        if invocation.arguments.has("json") {
            invocation.console.print(try JSONSerializer.string(fields, pretty: true))
        } else {
            DatasetView.lines(fields.objectValue ?? [:]).forEach(invocation.console.print)
        }
    }

    static func stored(_ services: ThreadServices, _ invocation: Invocation) throws -> StoredDataset {
        let id = try invocation.positionals("a network ID (see 'home thread list')", minimum: 1, maximum: 1)[0]
        guard let stored = try services.store().dataset(id) else { throw UsageError("no stored network '\(id)'; 'home thread list' shows them") }
        return stored
    }

    static func words(_ outcome: DatasetUpsert) -> String {
        switch outcome {
        case .added: "added"
        case .updated: "updated (the server's is newer)"
        case .unchanged: "unchanged"
        case .keptStored: "kept ours (as new or newer than the server's)"
        }
    }

    static func bytes(hex: String) -> [UInt8]? {
        Hex.decode(hex)
    }
}
