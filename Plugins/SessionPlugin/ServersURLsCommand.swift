import CLIKit
import Essentials
import HomeAPI
import Networking
import SessionContract

/// `home servers urls [--server URL]`: the server's internal and external URL, its home Wi-Fi
/// networks, the networks this machine is on, and the URL used from here now; the options change
/// them. With none kept yet, the server's own `internal_url` and `external_url` are the start.
struct ServersURLsCommand: Command {
    let name = "urls"
    let summary = "Show or set the server's internal URL (on a home Wi-Fi network), external URL (elsewhere) and home networks."
    let options: [OptionSpec] = [
        .server,
        .value("internal", "URL", help: "The URL used on a home network ('none': the URL signed in with)."),
        .value("external", "URL", help: "The URL used elsewhere ('none': the URL signed in with)."),
        .value("add-network", "SSID", help: "Make a Wi-Fi network a home network."),
        .value("remove-network", "SSID", help: "Make a Wi-Fi network no longer a home network."),
        .flag("this-network", help: "Make the Wi-Fi networks this machine is on now home networks."),
        .flag("from-server", help: "Take the internal and external URL the server's configuration gives again."),
        .json,
    ]
    let session: any SessionAccess

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("no arguments (the server is --server URL)", minimum: 0, maximum: 0)
        let home = try await session.restore(server: invocation.server, advice: "sign in with 'home login URL' first")
        let values = invocation.arguments.values
        let networks = session.client.currentNetworks()
        let stored = try home.storedURLs()
        var urls = try stored ?? ServerURLs()
        if stored == nil, let server = try? await home.serverURLs() { urls = server }
        let before = urls
        if invocation.arguments.has("from-server") {
            let server = try await home.serverURLs()
            urls.internalURL = server.internalURL
            urls.externalURL = server.externalURL
        }
        if let text = values["internal"] { urls.internalURL = try Self.address(text, option: "internal") }
        if let text = values["external"] { urls.externalURL = try Self.address(text, option: "external") }
        if let ssid = values["add-network"] { try urls.addHomeNetwork(ssid) }
        if let ssid = values["remove-network"], !urls.removeHomeNetwork(ssid) {
            throw UsageError("'\(ssid)' is not a home network of \(home.server); they are: \(urls.homeNetworks.joined(separator: ", "))")
        }
        if invocation.arguments.has("this-network") {
            guard let networks, !networks.isEmpty else {
                throw UsageError("this machine is on no Wi-Fi network NetworkManager knows of; name one with --add-network SSID")
            }
            for ssid in networks.sorted() { try urls.addHomeNetwork(ssid) }
        }
        if urls != before || (stored == nil && Self.changes(invocation)) { try home.keep(urls) }
        let address = urls.address(of: home.server, on: networks)
        let atHome = networks.map(urls.isHome)
        if invocation.arguments.has("json") {
            try invocation.console.printJSON(JSONValue.object([
                "server": .string("\(home.server)"),
                "internal_url": urls.internalURL.map { .string("\($0)") } ?? .null,
                "external_url": urls.externalURL.map { .string("\($0)") } ?? .null,
                "home_networks": .array(urls.homeNetworks.map(JSONValue.string)),
                "networks": networks.map { .array($0.sorted().map(JSONValue.string)) } ?? .null,
                "at_home": atHome.map(JSONValue.bool) ?? .null,
                "address": .string("\(address)"),
            ]))
            return .success
        }
        let console = invocation.console
        console.print("server         \(home.server)")
        console.print("internal URL   \(urls.internalURL.map { "\($0)" } ?? "none (the URL signed in with)")")
        console.print("external URL   \(urls.externalURL.map { "\($0)" } ?? "none (the URL signed in with)")")
        console.print("home networks  \(urls.homeNetworks.isEmpty ? "none (add one with --add-network SSID or --this-network)" : urls.homeNetworks.joined(separator: ", "))")
        let place = atHome.map { $0 ? "a home network" : "not a home network" } ?? "NetworkManager cannot be asked"
        console.print("on now         \(networks.map { $0.isEmpty ? "no Wi-Fi" : $0.sorted().joined(separator: ", ") } ?? "unknown") (\(place))")
        console.print("reached at     \(address)")
        return .success
    }

    /// Whether the invocation asks for a change (kept even when it changes nothing, so the URLs
    /// read from the server stay as they were when the user looked).
    private static func changes(_ invocation: Invocation) -> Bool {
        ["internal", "external", "add-network", "remove-network"].contains { invocation.arguments.values[$0] != nil }
            || ["this-network", "from-server"].contains { invocation.arguments.has($0) }
    }

    private static func address(_ text: String, option: String) throws -> ServerAddress? {
        guard text != "none" else { return nil }
        do {
            return try ServerAddress(text)
        } catch {
            throw UsageError("--\(option) needs an http(s) URL such as https://home.example.org or 'none': \(error)")
        }
    }
}
