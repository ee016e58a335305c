import CLIKit
import DeviceModel
import DevicesContract
import Essentials
import HomePluginKit
import SessionContract
import SessionCommandKit

/// `home rooms [--json]`: the home's rooms (Home Assistant areas) with how many devices each
/// has; `create`, `rename`, `delete` and `assign` manage them.
struct RoomsCommand: PluginCommand {
    static let commandName = "rooms"
    static let commandSummary = "List the home's rooms (areas) with their devices; create, rename, delete, assign."
    let access: any DeviceModelAccess
    let options: [OptionSpec] = [.json, .server, .token]
    var subcommands: [any Command] {
        RoomChangeCommand.Change.allCases.map { RoomChangeCommand(change: $0, access: access) }
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let opened = try await access.open(try invocation.serverSelection(), strict: nil)
        let rooms = await opened.model.rooms()
        let devices = await opened.model.devices()
        await opened.close()
        let counts = Dictionary(grouping: devices.compactMap(\.roomID), by: { $0 }).mapValues(\.count)
        if invocation.arguments.has("json") {
            let rows = rooms.map { room -> JSONValue in
                var fields = DeviceModelJSON.room(room).objectValue ?? [:]
                fields["devices"] = .array(devices.filter { $0.roomID == room.id }.map { .string($0.id) })
                return .object(fields)
            }
            invocation.console.print(try JSONSerializer.string(.array(rows), pretty: true))
        } else if rooms.isEmpty {
            invocation.console.print("no rooms yet: 'home rooms create NAME' makes one")
        } else {
            invocation.console.print(TextTable(header: ["ROOM", "DEVICES", "ID"], rows: rooms.map { [$0.name, "\(counts[$0.id] ?? 0)", $0.id] }).text)
        }
        return .success
    }
}
