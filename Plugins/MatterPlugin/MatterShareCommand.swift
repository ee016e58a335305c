import CLIKit
import Matter
import SessionCommandKit

/// `home matter share PIN [--ip ADDRESS]`: adds to Home Assistant a Matter device another
/// ecosystem shares (its app opened a commissioning window and showed this PIN).
struct MatterShareCommand: Command {
    let name = "share"
    let summary = "Add a Matter device shared from another ecosystem, by the PIN its app shows."
    let arguments = "PIN"
    let options: [OptionSpec] = [
        .value("ip", "ADDRESS", help: "The device's IP address, when the Matter Server cannot find it by itself."),
        .value("timeout", "SECONDS", help: "How long to wait for the new device in the registry (default 60)."),
        .server, .token, .json,
    ]
    let services: MatterServices

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let text = try invocation.positionals("PIN (the setup PIN the other ecosystem shows)", minimum: 1, maximum: 1)[0]
        let digits = text.filter { $0 != "-" && $0 != " " }
        guard let pin = UInt32(digits), digits.count <= 8, SetupPayload.isValidPasscode(pin) else {
            throw UsageError("'\(text)' is not a Matter setup PIN (up to 8 digits, 1 to 99999998, not a trivial one such as 12345678)")
        }
        let timeout = Double(invocation.arguments.values["timeout"] ?? "60") ?? 0
        guard (1...900).contains(timeout) else { throw UsageError("--timeout needs 1 to 900 seconds") }
        let console = invocation.console
        let device = try await services.withCommissioner(try invocation.serverSelection()) { commissioner, credentials in
            try await commissioner.requireIntegration()
            let known = Set(try await commissioner.devices().map(\.id))
            console.printError("commissioning the shared device through \(credentials.server); this takes a minute or more…")
            try await commissioner.share(pin: pin, address: invocation.arguments.values["ip"])
            return try await commissioner.newDevice(besides: known, within: timeout)
        }
        if invocation.arguments.has("json") {
            try console.printJSON(MatterDevicesCommand.json(device))
        } else {
            console.print("added \(MatterDevicesCommand.describe(device))")
        }
        return .success
    }
}
