import CLIKit
import Essentials
import Matter
import SessionCommandKit

/// `home matter devices [--json]`: the Matter devices in Home Assistant's device registry.
struct MatterDevicesCommand: Command {
    let name = "devices"
    let summary = "List the Matter devices Home Assistant has, with their entities."
    let options: [OptionSpec] = [.server, .token, .json]
    let services: MatterServices

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("", minimum: 0, maximum: 0)
        let devices = try await services.withCommissioner(try invocation.serverSelection()) { commissioner, _ in
            try await commissioner.requireIntegration()
            return try await commissioner.devices()
        }
        let console = invocation.console
        if invocation.arguments.has("json") {
            try console.printJSON(JSONValue.array(devices.map(Self.json)))
        } else if devices.isEmpty {
            console.print("no Matter devices; add one with 'home matter commission CODE'")
        } else {
            for device in devices { console.print(Self.describe(device)) }
        }
        return .success
    }

    /// One line: name, maker and model, entities, registry id.
    static func describe(_ device: MatterDevice) -> String {
        let maker = [device.manufacturer, device.model].compactMap { $0 }.joined(separator: " ")
        let entities = device.entities.isEmpty ? "no entities yet" : device.entities.joined(separator: ", ")
        return "\(device.name)\(maker.isEmpty ? "" : " (\(maker))"): \(entities) [device \(device.id)]"
    }

    static func json(_ device: MatterDevice) -> JSONValue {
        .object([
            "id": .string(device.id), "name": .string(device.name),
            "manufacturer": device.manufacturer.map(JSONValue.string) ?? .null, "model": device.model.map(JSONValue.string) ?? .null,
            "identifiers": .array(device.identifiers.map(JSONValue.string)), "entities": .array(device.entities.map(JSONValue.string)),
        ])
    }
}
