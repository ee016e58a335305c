import CLIKit
import Essentials
import Foundation
import Improv
import Networking
import SessionContract
import SessionCommandKit

/// `home improv provision DEVICE --ssid NAME --password-stdin|--password-file F [--add-to-home-assistant]`:
/// sends the Wi-Fi credentials, follows the device to provisioned, prints its redirect URL and,
/// when asked and the URL names an integration, starts that integration's config flow on the
/// server and shows its first step.
struct ImprovProvisionCommand: Command {
    let session: any SessionAccess
    let baud: Int
    let adapter: String?
    let name = "provision"
    let summary = "Send Wi-Fi credentials (the password from stdin or a file, never argv) and follow the device until it is on the network."
    let arguments = "DEVICE"
    let options: [OptionSpec] = [
        .value("ssid", "NAME", help: "The Wi-Fi network."),
        .flag("password-stdin", help: "Read the password from the first line of standard input."),
        .value("password-file", "FILE", help: "Read the password from FILE ('-': standard input)."),
        .flag("add-to-home-assistant", help: "Then start the integration the device names on the signed-in server."),
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
            let step = try await addToHomeAssistant(url, invocation)
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

    private func addToHomeAssistant(_ url: String?, _ invocation: Invocation) async throws -> JSONValue {
        guard let domain = Self.domain(in: url) else {
            return .object(["started": .bool(false), "reason": .string("the device's URL names no integration to add (\(url ?? "none"))")])
        }
        let credentials = try await session.credentials(try invocation.serverSelection())
        let rest = RESTClient(address: credentials.address, tokenProvider: credentials.tokenProvider)
        do {
            let step = try await rest.post("/api/config/config_entries/flow", body: .object(["handler": .string(domain)]))
            return .object(["started": .bool(true), "domain": .string(domain), "step": step])
        } catch let error as RESTError {
            if case .unauthorized = error { throw error }
            if case .transport = error { throw error }
            return .object(["started": .bool(false), "domain": .string(domain),
                            "reason": .string("the server cannot set up the integration '\(domain)': \(error)")])
        }
    }

    private static func words(_ outcome: JSONValue) -> String {
        let fields = outcome.objectValue ?? [:]
        guard fields["started"] == .bool(true), let domain = fields["domain"]?.stringValue, let step = fields["step"]?.objectValue else {
            return "not added to Home Assistant: \(fields["reason"]?.stringValue ?? "?")"
        }
        switch step["type"]?.stringValue {
        case "form":
            let names = (step["data_schema"]?.arrayValue ?? []).compactMap { $0.objectValue?["name"]?.stringValue }
            return "Home Assistant started setting up \(domain): step '\(step["step_id"]?.stringValue ?? "?")' asks for \(names.isEmpty ? "nothing" : names.joined(separator: ", ")) (flow \(step["flow_id"]?.stringValue ?? "?"))"
        case "abort": return "Home Assistant did not set up \(domain): \(step["reason"]?.stringValue ?? "aborted")"
        case "create_entry": return "Home Assistant added \(domain)"
        default: return "Home Assistant answered \((try? JSONSerializer.string(.object(step))) ?? "?")"
        }
    }
}
