import CLIKit
import DeviceModel
import DevicesContract
import Essentials
import HomePluginKit
import SessionContract
import SessionCommandKit

/// `home device ID`: a device's entities and their traits with values; `home device ID
/// TRAIT.COMMAND [ARG=VALUE …]` sends a typed command (checked against the device first) and
/// prints the state it caused.
struct DeviceShowCommand: PluginCommand {
    static let commandName = "device"
    static let commandSummary = "Show a device's traits and values, or send it a typed command (such as brightness.set level=40)."
    let access: any DeviceModelAccess
    let arguments = "ID [TRAIT.COMMAND [ARG=VALUE …]]"
    let options: [OptionSpec] = [
        .flag("no-validate", help: "Send the command without checking it against the device; the server's answer decides."),
        .value("timeout", "SECONDS", help: "How long to wait for the state the command causes (default: the plugin's, 15)."),
        .json, .server, .token,
    ]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let words = try invocation.positionals("a device or entity ID", minimum: 1, maximum: .max)
        var timeout = access.commandTimeout
        if let text = invocation.arguments.values["timeout"] {
            guard let seconds = Double(text), (0.1...600).contains(seconds) else { throw UsageError("--timeout needs 0.1 to 600 seconds, not '\(text)'") }
            timeout = seconds
        }
        // A command is parsed before anything connects: a typo costs no round trip.
        var command: DeviceCommand?
        if words.count > 1 {
            command = try await DeviceModelError.asUsage { try CommandSyntax.parse(words[1], Array(words.dropFirst(2))) }
        }
        let opened = try await access.open(try invocation.serverSelection(), strict: invocation.arguments.has("no-validate") ? false : nil)
        do {
            if let command {
                let state = try await DeviceModelError.asUsage { try await opened.model.execute(command, on: words[0], timeout: timeout) }
                if invocation.arguments.has("json") {
                    invocation.console.print(try JSONSerializer.string(try JSONValueEncoder().encodeValue(state), pretty: true))
                } else {
                    invocation.console.print("\(state.entityID): \(command.name) done; now \(state.state)")
                }
            } else {
                let device = try await DeviceModelError.asUsage { try await opened.model.device(words[0]) }
                try show(device, rooms: await opened.model.rooms(), invocation)
            }
        } catch {
            await opened.close()
            throw error
        }
        await opened.close()
        return .success
    }

    private func show(_ device: Device, rooms: [Room], _ invocation: Invocation) throws {
        let console = invocation.console
        if invocation.arguments.has("json") {
            console.print(try JSONSerializer.string(try DeviceModelJSON.device(device, rooms: rooms), pretty: true))
            return
        }
        let room = device.roomID.map { id in rooms.first { $0.id == id }?.name ?? id } ?? "no room"
        let maker = [device.manufacturer, device.model].compactMap { $0 }.joined(separator: " ")
        console.print("\(device.name) (\(device.type.rawValue), \(room))\(maker.isEmpty ? "" : " — \(maker)")  id \(device.id)")
        for entity in device.entities {
            let marks = [entity.isHidden ? "hidden" : nil, entity.isDisabled ? "disabled" : nil, entity.category].compactMap { $0 }
            console.print("  \(entity.entityID)  \(entity.state?.state ?? "no state")\(marks.isEmpty ? "" : "  (\(marks.joined(separator: ", ")))")")
            for trait in entity.traits {
                let values = trait.values.filter { $0.value != .null }.sorted { $0.key < $1.key }
                    .map { "\($0.key)=\(Self.text($0.value))" }.joined(separator: " ")
                console.print("    \(trait.kind.rawValue): \(values)")
            }
            let commands = entity.commands
            if !commands.isEmpty { console.print("    commands: \(commands.joined(separator: ", "))") }
        }
    }

    private static func text(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return (try? JSONSerializer.string(value)) ?? "?"
    }
}
