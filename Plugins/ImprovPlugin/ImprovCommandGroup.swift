import CLIKit
import Essentials
import Foundation
import HomePluginKit
import Improv
import SessionPlugin

/// `home improv …`: find, inspect and provision an Improv device on a serial port.
struct ImprovCommandGroup: PluginCommand {
    static let commandName = "improv"
    static let commandSummary = "Provision Improv Wi-Fi devices over a serial port: scan, info, networks, provision."
    let session: SessionAccess
    let baud: Int
    let options: [OptionSpec] = []
    var subcommands: [any Command] {
        [
            ActionCommand(name: "scan", summary: "Ask the device on a serial port whether it speaks Improv, and its state.", arguments: "",
                         options: [.value("serial", "PORT", help: "The serial port (such as /dev/ttyUSB0)."), timeout, .json], body: scan),
            ActionCommand(name: "info", summary: "The device's firmware, version, chip and name.", arguments: "PORT", options: [timeout, .json], body: info),
            ActionCommand(name: "networks", summary: "The Wi-Fi networks the device sees.", arguments: "PORT", options: [timeout, .json], body: networks),
            ImprovProvisionCommand(session: session, baud: baud),
        ]
    }

    private var timeout: OptionSpec { .value("timeout", "SECONDS", help: "How long to wait for each answer (default 5; networks 15).") }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        throw UsageError("'home improv' needs a command: \(subcommands.map(\.name).joined(separator: ", ")); see 'home improv --help'")
    }

    private func client(_ path: String) throws -> ImprovSerialClient {
        do {
            return ImprovSerialClient(port: try SerialPort(path: path, baud: baud))
        } catch {
            throw UsageError("\(error)")
        }
    }

    private static func seconds(_ invocation: Invocation, default value: Double) throws -> Double {
        guard let text = invocation.arguments.values["timeout"] else { return value }
        guard let seconds = Double(text), (0.1...600).contains(seconds) else { throw UsageError("--timeout needs 0.1 to 600 seconds, not '\(text)'") }
        return seconds
    }

    private func scan(_ invocation: Invocation) async throws -> ExitCode {
        guard let path = invocation.arguments.values["serial"] else {
            throw UsageError("scan needs --serial PORT (Bluetooth LE discovery is not built yet; see Modules/Improv/README.md)")
        }
        let client = try client(path)
        let seconds = try Self.seconds(invocation, default: 5)
        let state = try client.currentState(timeout: seconds)
        let info = try? client.deviceInfo(timeout: seconds)
        if invocation.arguments.has("json") {
            invocation.console.print(try JSONSerializer.string(.object([
                "port": .string(path), "state": .string("\(state)"), "name": info.map { .string($0.name) } ?? .null,
                "firmware": info.map { .string("\($0.firmware) \($0.version)") } ?? .null,
            ]), pretty: true))
        } else {
            invocation.console.print("\(path)  \(info?.name ?? "Improv device")  \(state.words)\(info.map { "  (\($0.firmware) \($0.version), \($0.hardware))" } ?? "")")
        }
        return .success
    }

    private func info(_ invocation: Invocation) async throws -> ExitCode {
        let path = try invocation.positionals("a serial PORT", minimum: 1, maximum: 1)[0]
        let info = try client(path).deviceInfo(timeout: try Self.seconds(invocation, default: 5))
        if invocation.arguments.has("json") {
            invocation.console.print(try JSONSerializer.string(.object([
                "firmware": .string(info.firmware), "version": .string(info.version), "hardware": .string(info.hardware), "name": .string(info.name),
                "os_name": info.osName.map(JSONValue.string) ?? .null, "os_version": info.osVersion.map(JSONValue.string) ?? .null,
            ]), pretty: true))
        } else {
            invocation.console.print("name      \(info.name)\nfirmware  \(info.firmware) \(info.version)\nhardware  \(info.hardware)")
        }
        return .success
    }

    private func networks(_ invocation: Invocation) async throws -> ExitCode {
        let path = try invocation.positionals("a serial PORT", minimum: 1, maximum: 1)[0]
        let networks = try client(path).networks(timeout: try Self.seconds(invocation, default: 15))
        if invocation.arguments.has("json") {
            invocation.console.print(try JSONSerializer.string(.array(networks.map {
                .object(["ssid": .string($0.ssid), "rssi": .integer(Int64($0.rssi)), "secured": .bool($0.secured)])
            }), pretty: true))
        } else if networks.isEmpty {
            invocation.console.print("the device sees no Wi-Fi networks")
        } else {
            invocation.console.print(TextTable(header: ["SSID", "RSSI", "SECURED"], rows: networks.map { [$0.ssid, "\($0.rssi) dBm", $0.secured ? "yes" : "no"] }).text)
        }
        return .success
    }
}
