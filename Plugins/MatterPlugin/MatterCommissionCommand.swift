import CLIKit
import Essentials
import Matter
import SessionCommandKit
import WindowBridge

/// `home matter commission CODE`: adds a Matter device to Home Assistant through its Matter
/// integration. The code is checked here first (a bad one never reaches the server); the network
/// the device joins is given to the Matter Server (a Thread network from the companion's store,
/// the server's preferred one by default, or a Wi-Fi network); then the server commissions the
/// device, which takes a minute or more, and the new device is shown once it is in the registry.
struct MatterCommissionCommand: Command {
    let name = "commission"
    let summary = "Add a Matter device to Home Assistant by its setup code (QR code text or manual pairing code)."
    let arguments = "[CODE]"
    let options: [OptionSpec] = [
        SetupCodeInput.option,
        .flag("network-only", help: "Look for the device on the IP network only (it is on the network already), not over Bluetooth."),
        .value("thread", "NETWORK", help: "The stored Thread network (id or name) the device joins (default: the server's preferred one; 'none': give none)."),
        .value("wifi", "SSID", help: "The Wi-Fi network the device joins; its password from --password-stdin or --password-file."),
        .flag("password-stdin", help: "Read the Wi-Fi password from the first line of standard input."),
        .value("password-file", "FILE", help: "Read the Wi-Fi password from FILE."),
        .value("timeout", "SECONDS", help: "How long to wait for the new device in the registry after commissioning (default 60)."),
        .server, .token, .json,
    ]
    let services: MatterServices

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let (code, payloads) = try SetupCodeInput.read(invocation)
        let values = invocation.arguments.values
        let timeout = Double(values["timeout"] ?? "60") ?? 0
        guard (1...900).contains(timeout) else { throw UsageError("--timeout needs 1 to 900 seconds") }
        let wifi = try values["wifi"].map { ssid in (ssid, try Self.password(invocation)) }
        if wifi != nil, values["thread"].map({ $0 != "none" }) == true { throw UsageError("give --thread or --wifi, not both") }
        let console = invocation.console
        let networkOnly = invocation.arguments.has("network-only")
        let network: MatterNetworkChoice?
        if let (ssid, password) = wifi {
            network = .wifi(ssid: ssid, password: password)
        } else if networkOnly || values["thread"] == "none" {
            network = nil
        } else {
            network = values["thread"].map { .thread(id: $0) } ?? .preferredThread
        }
        if payloads.count > 1 { console.printError("the code joins \(payloads.count) payloads; the Matter Server commissions them in turn") }
        let device = try await services.commission(code: code, network: network, networkOnly: networkOnly, selection: try invocation.serverSelection(), timeout: timeout) { console.printError($0) }
        if invocation.arguments.has("json") {
            try console.printJSON(MatterDevicesCommand.json(device))
        } else {
            console.print("added \(MatterDevicesCommand.describe(device))")
        }
        return .success
    }

    private static func password(_ invocation: Invocation) throws -> String {
        if invocation.arguments.has("password-stdin") { return invocation.console.readLine(secret: true) ?? "" }
        if let file = invocation.arguments.values["password-file"] { return try SecretInput.read(file, option: "password-file", console: invocation.console) }
        throw UsageError("give the Wi-Fi password with --password-stdin or --password-file FILE (never on the command line)")
    }
}
