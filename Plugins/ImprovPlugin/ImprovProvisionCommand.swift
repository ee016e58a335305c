import CLIKit
import ConnectionContract
import Essentials
import FoundationEssentials
import Improv
import Networking
import SessionContract
import SessionCommandKit

/// `home improv provision DEVICE --ssid NAME --password-stdin|--password-file F [--add-to-home-assistant]`:
/// sends the Wi-Fi credentials, follows the device to provisioned, prints its redirect URL and,
/// when asked, sets up on the server the integration the URL (`?domain=`) or the device's
/// firmware (WLED, ESPHome, …) names, to the end (``IntegrationSetup``): the device's address
/// answers the flow's `host`, any other required field is asked, and the device made is shown.
struct ImprovProvisionCommand: Command {
    /// Integrations by the firmware name a device's information gives.
    static let integrationOfFirmware = ["wled": "wled", "esphome": "esphome", "tasmota": "tasmota"]

    let session: any SessionAccess
    let connections: any ConnectionFactory
    let baud: Int
    let adapter: String?
    let name = "provision"
    let summary = "Send Wi-Fi credentials (the password from stdin or a file, never argv) and follow the device until it is on the network."
    let arguments = "DEVICE"
    let options: [OptionSpec] = [
        .value("ssid", "NAME", help: "The Wi-Fi network."),
        .flag("password-stdin", help: "Read the password from the first line of standard input."),
        .value("password-file", "FILE", help: "Read the password from FILE ('-': standard input)."),
        .flag("add-to-home-assistant", help: "Then set up the integration the device names on the signed-in server, asking for what it needs."),
        .value("timeout", "SECONDS", help: "How long finding the device, its authorization and provisioning may each take (default 60)."),
        .json, .server, .token,
    ]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let device = try invocation.positionals("a DEVICE (a serial port, or a Bluetooth address or name)", minimum: 1, maximum: 1)[0]
        guard let ssid = invocation.arguments.values["ssid"], !ssid.isEmpty else { throw UsageError("provision needs --ssid NAME") }
        let password: String
        if invocation.arguments.has("password-stdin") {
            password = invocation.console.readLine(secret: true) ?? ""
        } else if let file = invocation.arguments.values["password-file"] {
            password = try SecretInput.read(file, option: "password-file", console: invocation.console)
        } else {
            throw UsageError("give the password with --password-stdin or --password-file FILE (never on the command line); an open network takes an empty line")
        }
        let timeout = Double(invocation.arguments.values["timeout"] ?? "60") ?? 0
        guard (1...600).contains(timeout) else { throw UsageError("--timeout needs 1 to 600 seconds") }
        let console = invocation.console
        let json = invocation.arguments.has("json")
        let link = try ImprovLink.open(device, baud: baud, adapter: adapter, timeout: min(timeout, 20), console: console)
        let state = try link.state(timeout: min(timeout, 5))
        try link.authorize(timeout: timeout, console: console)
        if !json { console.printError("\(link.label): \(state == .authorizationRequired ? "authorized" : state.words); sending the credentials for \(ssid)") }
        let url = try link.channel.provision(ssid: ssid, password: password, timeout: timeout) { state in
            if !json { console.printError("… \(state.words)") }
        }
        var fields: [String: JSONValue] = ["device": .string(device), "ssid": .string(ssid), "provisioned": .bool(true), "redirect_url": url.map(JSONValue.string) ?? .null]
        if !json { console.print("provisioned on \(ssid)" + (url.map { "; the device is at \($0)" } ?? "")) }
        if invocation.arguments.has("add-to-home-assistant") {
            let firmware = Self.domain(in: url) == nil ? (try? link.channel.deviceInfo(timeout: min(timeout, 5)))?.firmware : nil
            let step = try await addToHomeAssistant(url, firmware: firmware, timeout: timeout, invocation)
            fields["home_assistant"] = step
            if !json { console.print(Self.words(step)) }
        }
        if json { console.print(try JSONSerializer.string(.object(fields), pretty: true)) }
        return .success
    }

    /// The integration domain a redirect URL names (`?domain=` or `?integration=`), if any.
    static func domain(in url: String?) -> String? {
        guard let url, let components = URLComponents(string: url) else { return nil }
        let value = components.queryItems?.first { ["domain", "integration"].contains($0.name) }?.value
        return value.flatMap { $0.isEmpty || !$0.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "_" }) ? nil : $0 }
    }

    /// The host a redirect URL names, as a config flow's `host` field takes it.
    static func host(in url: String?) -> String? {
        guard let url, let host = URLComponents(string: url)?.host, !host.isEmpty else { return nil }
        return host
    }

    private func addToHomeAssistant(_ url: String?, firmware: String?, timeout: Double, _ invocation: Invocation) async throws -> JSONValue {
        guard let domain = Self.domain(in: url) ?? firmware.flatMap({ Self.integrationOfFirmware[$0.lowercased()] }) else {
            return .object(["started": .bool(false), "completed": .bool(false),
                            "reason": .string("neither the device's URL (\(url ?? "none")) nor its firmware (\(firmware ?? "unknown")) names an integration to add")])
        }
        let credentials = try await session.credentials(try invocation.serverSelection())
        let setup = IntegrationSetup(
            rest: RESTClient(address: credentials.address, tokenProvider: credentials.tokenProvider), connections: connections,
            credentials: credentials, console: invocation.console, timeout: timeout, known: Self.host(in: url).map { ["host": .string($0)] } ?? [:]
        )
        return .object(try await setup.run(domain: domain))
    }

    private static func words(_ outcome: JSONValue) -> String {
        let fields = outcome.objectValue ?? [:]
        let domain = fields["domain"]?.stringValue ?? "?"
        guard fields["completed"] == .bool(true) else { return "not added to Home Assistant: \(fields["reason"]?.stringValue ?? "?")" }
        let title = fields["entry"]?.objectValue?["title"]?.stringValue ?? domain
        guard let device = fields["device"]?.objectValue else {
            return "Home Assistant set up \(domain) as \(title); the integration made no device in the registry"
        }
        let make = [device["manufacturer"]?.stringValue, device["model"]?.stringValue].compactMap { $0 }.joined(separator: " ")
        return "Home Assistant set up \(domain) as \(title); its device: \(device["name"]?.stringValue ?? "?")" + (make.isEmpty ? "" : " (\(make))")
            + " \(device["id"]?.stringValue ?? "")"
    }
}
