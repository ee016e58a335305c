import CLIKit
import DeviceModel
import DevicesContract
import Essentials
import HomePluginKit
import SessionContract
import SessionCommandKit

/// `home devices [--room R] [--type T] [--all] [--json]`: the home's devices with
/// their rooms and traits.
struct DevicesCommand: PluginCommand {
    static let commandName = "devices"
    static let commandSummary = "List the home's devices with their rooms and traits (from Home Assistant's registries)."
    let access: any DeviceModelAccess
    let options: [OptionSpec] = [
        .value("room", "ROOM", help: "Only devices in this room (its name or id)."),
        .value("type", "TYPE", help: "Only devices of this type: \(DeviceType.allCases.map(\.rawValue).joined(separator: ", "))."),
        .flag("all", help: "Also entities that belong to no device, each standing alone."),
        .flag("hidden", help: "Also hidden and disabled devices and entities."),
        .json, .server, .token,
    ]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let arguments = invocation.arguments
        var query = DeviceQuery(includeHidden: arguments.has("hidden"), includeDisabled: arguments.has("hidden"), includeStandalone: arguments.has("all"))
        if let type = arguments.values["type"] {
            guard let known = DeviceType(rawValue: type) else {
                throw UsageError("no device type '\(type)'; types: \(DeviceType.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            query.type = known
        }
        let opened = try await access.open(try invocation.serverSelection(), strict: nil)
        do {
            if let room = arguments.values["room"] {
                query.roomID = try await DeviceModelError.asUsage { try await opened.model.room(room).id }
            }
            let json = arguments.has("json")
            try print(await opened.model.devices(query), rooms: await opened.model.rooms(), json: json, invocation.console)
        } catch {
            await opened.close()
            throw error
        }
        await opened.close()
        return .success
    }

    private func print(_ devices: [Device], rooms: [Room], json: Bool, _ console: Console) throws {
        if json {
            console.print(try JSONSerializer.string(.array(devices.map { try DeviceModelJSON.device($0, rooms: rooms) }), pretty: true))
            return
        }
        let roomNames = Dictionary(rooms.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let rows = devices.map { device in
            [device.name, device.type.rawValue, device.roomID.map { roomNames[$0] ?? $0 } ?? "-",
             Set(device.traits.map(\.kind)).sorted().map(\.rawValue).joined(separator: ","), device.id]
        }
        console.print(TextTable(header: ["DEVICE", "TYPE", "ROOM", "TRAITS", "ID"], rows: rows).text)
    }
}
