import CLIKit
import Discovery
import Essentials

/// `home servers discover [--timeout SECONDS] [--json]`: the Home Assistant servers announcing
/// themselves on the network (zeroconf, through Avahi).
struct ServersDiscoverCommand: Command {
    let name = "discover"
    let summary = "List the Home Assistant servers on this network (zeroconf through Avahi), with the URL home login would use."
    let options: [OptionSpec] = [.value("timeout", "SECONDS", help: "How long to listen (default 3)."), .json]
    let logger: Logger

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("", minimum: 0, maximum: 0)
        var seconds = DiscoveredServerChoice.listening
        if let text = invocation.arguments.values["timeout"] {
            guard let value = Double(text), value > 0, value <= 60 else { throw UsageError("--timeout takes 1 to 60 seconds") }
            seconds = value
        }
        let found = try await AvahiBrowser(logger: logger).browse(within: seconds)
        let json: [JSONValue] = found.map { server in
            let fields: [String: JSONValue] = [
                "name": .string(server.title), "url": .string(server.url), "version": server.announcement.version.map(JSONValue.string) ?? .null,
                "uuid": server.announcement.uuid.map(JSONValue.string) ?? .null, "internal_url": server.announcement.internalURL.map(JSONValue.string) ?? .null,
                "external_url": server.announcement.externalURL.map(JSONValue.string) ?? .null, "address": .string(server.address), "port": .integer(Int64(server.port)),
            ]
            return .object(fields)
        }
        if invocation.arguments.has("json") {
            invocation.console.print(try JSONSerializer.string(.array(json), pretty: true))
        } else if found.isEmpty {
            invocation.console.print("no Home Assistant server announced itself on this network")
        } else {
            for server in found { invocation.console.print(DiscoveredServerChoice.describe(server)) }
        }
        return .success
    }
}
