import CLIKit
import ConnectionContract
import Essentials
import FoundationEssentials
import HomePluginKit
import Improv
import SessionContract

/// `home improv …`: find, inspect, identify and provision Improv devices over Bluetooth LE
/// (through BlueZ) or a serial port.
struct ImprovCommandGroup: PluginCommand, CommandGroup {
    static let commandName = "improv"
    static let commandSummary = "Provision Improv Wi-Fi devices over Bluetooth LE or a serial port: scan, info, networks, identify, provision."
    let session: any SessionAccess
    let connections: any ConnectionFactory
    let baud: Int
    let adapter: String?
    let options: [OptionSpec] = []
    let details = "DEVICE is a serial port (/dev/…) or a Bluetooth address or name."
    var subcommands: [any Command] {
        [
            ActionCommand(name: "scan", summary: "List the Improv devices in Bluetooth range (--ble, the default), or ask the one on a serial port.", arguments: "",
                         options: [.flag("ble", help: "Discover over Bluetooth LE through BlueZ (the default)."),
                                   .value("serial", "PORT", help: "Ask the device on this serial port (such as /dev/ttyUSB0)."), timeout, .json], body: scan),
            ActionCommand(name: "info", summary: "The device's firmware, version, chip and name.", arguments: "DEVICE", options: [timeout, .json], body: info),
            ActionCommand(name: "networks", summary: "The Wi-Fi networks the device sees.", arguments: "DEVICE", options: [timeout, .json], body: networks),
            ActionCommand(name: "identify", summary: "Make a Bluetooth device blink or beep, to know which one it is.", arguments: "DEVICE", options: [timeout, .json], body: identify),
            ImprovProvisionCommand(session: session, connections: connections, baud: baud, adapter: adapter),
        ]
    }

    private var timeout: OptionSpec {
        .value("timeout", "SECONDS", help: "How long to wait for the device and each answer (default 5 over serial, 10 over Bluetooth; networks 15).")
    }


    static func seconds(_ invocation: Invocation, default value: Double) throws -> Double {
        guard let text = invocation.arguments.values["timeout"] else { return value }
        guard let seconds = Double(text), (0.1...600).contains(seconds) else { throw UsageError("--timeout needs 0.1 to 600 seconds, not '\(text)'") }
        return seconds
    }

    private func link(_ invocation: Invocation, defaultSeconds: Double = 5) throws -> (ImprovLink, Double) {
        let device = try invocation.positionals("a DEVICE (a serial port, or a Bluetooth address or name)", minimum: 1, maximum: 1)[0]
        let seconds = try Self.seconds(invocation, default: ImprovLink.isSerial(device) ? defaultSeconds : max(defaultSeconds, 10))
        return (try ImprovLink.open(device, baud: baud, adapter: adapter, timeout: seconds, console: invocation.console), seconds)
    }

    private func scan(_ invocation: Invocation) async throws -> ExitCode {
        if let path = invocation.arguments.values["serial"] {
            guard !invocation.arguments.has("ble") else { throw UsageError("scan takes --ble or --serial PORT, not both") }
            return try scanSerial(path, invocation)
        }
        let seconds = try Self.seconds(invocation, default: 10)
        let json = invocation.arguments.has("json")
        if !json { invocation.console.printError("scanning for Improv devices over Bluetooth for \(Int(seconds)) s…") }
        let devices = try ImprovBLEScanner(bluez: try BlueZ(), adapter: adapter).scan(timeout: seconds)
        if json {
            invocation.console.print(try JSONSerializer.string(.array(devices.map { device in
                .object([
                    "address": .string(device.address), "name": .string(device.name), "rssi": device.rssi.map { .integer(Int64($0)) } ?? .null,
                    "state": device.advertised.map { .string("\($0.state)") } ?? .null,
                    "capabilities": .array((device.advertised?.capabilities.names ?? []).map(JSONValue.string)),
                ])
            }), pretty: true))
        } else if devices.isEmpty {
            invocation.console.print("no Improv devices in Bluetooth range")
        } else {
            invocation.console.print(TextTable(header: ["NAME", "ADDRESS", "RSSI", "STATE", "CAN"], rows: devices.map {
                [$0.name, $0.address, $0.rssi.map { "\($0) dBm" } ?? "?", $0.advertised?.state.words ?? "?", $0.advertised?.capabilities.names.joined(separator: ", ") ?? ""]
            }).text)
        }
        return .success
    }

    private func scanSerial(_ path: String, _ invocation: Invocation) throws -> ExitCode {
        let seconds = try Self.seconds(invocation, default: 5)
        let link = try ImprovLink.open(path, baud: baud, adapter: adapter, timeout: seconds, console: invocation.console)
        let state = try link.state(timeout: seconds)
        let info = try? link.channel.deviceInfo(timeout: seconds)
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
        let (link, seconds) = try link(invocation)
        let info = try link.channel.deviceInfo(timeout: seconds)
        if invocation.arguments.has("json") {
            invocation.console.print(try JSONSerializer.string(.object([
                "firmware": .string(info.firmware), "version": .string(info.version), "hardware": .string(info.hardware), "name": .string(info.name),
                "os_name": info.osName.map(JSONValue.string) ?? .null, "os_version": info.osVersion.map(JSONValue.string) ?? .null,
                "capabilities": link.capabilities.map { .array($0.names.map(JSONValue.string)) } ?? .null,
            ]), pretty: true))
        } else {
            invocation.console.print("name      \(info.name)\nfirmware  \(info.firmware) \(info.version)\nhardware  \(info.hardware)"
                + (link.capabilities.map { "\ncan       \($0.names.joined(separator: ", "))" } ?? ""))
        }
        return .success
    }

    private func networks(_ invocation: Invocation) async throws -> ExitCode {
        let (link, seconds) = try link(invocation, defaultSeconds: 15)
        let networks = try link.channel.networks(timeout: seconds)
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

    private func identify(_ invocation: Invocation) async throws -> ExitCode {
        let (link, _) = try link(invocation)
        try link.identify()
        if invocation.arguments.has("json") {
            invocation.console.print(try JSONSerializer.string(.object(["device": .string(link.label), "identified": .bool(true)]), pretty: true))
        } else {
            invocation.console.print("asked \(link.label) to identify itself (it blinks or beeps)")
        }
        return .success
    }
}
