import CLIKit
import DeviceModel
import Essentials
import DevicesContract
import SessionContract
import SessionCommandKit

/// `home rooms create NAME`, `rename ROOM NAME`, `delete ROOM`, `assign DEVICE ROOM|none`.
struct RoomChangeCommand: Command {
    enum Change: String, CaseIterable {
        case create, rename, delete, assign
    }

    let change: Change
    let access: any DeviceModelAccess
    var name: String { change.rawValue }
    var summary: String {
        switch change {
        case .create: "Create a room."
        case .rename: "Rename a room (by its name or id)."
        case .delete: "Delete a room; its devices then have no room."
        case .assign: "Put a device in a room, or in none."
        }
    }
    var arguments: String {
        switch change {
        case .create: "NAME"
        case .rename: "ROOM NAME"
        case .delete: "ROOM"
        case .assign: "DEVICE ROOM|none"
        }
    }
    let options: [OptionSpec] = [.server, .token, .json]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let count = arguments.split(separator: " ").count
        let words = try invocation.positionals(arguments, minimum: count, maximum: count)
        let opened = try await access.open(try invocation.serverSelection(), strict: nil)
        do {
            let model = opened.model
            let (line, fields): (String, [String: JSONValue]) = try await DeviceModelError.asUsage {
                switch change {
                case .create:
                    let room = try await model.createRoom(named: words[0])
                    return ("created room \(room.name) (\(room.id))", ["created": .string(room.id), "name": .string(room.name)])
                case .rename:
                    let room = try await model.room(words[0])
                    try await model.renameRoom(room.id, to: words[1])
                    return ("renamed \(room.name) to \(words[1])", ["renamed": .string(room.id), "name": .string(words[1])])
                case .delete:
                    let room = try await model.room(words[0])
                    try await model.deleteRoom(room.id)
                    return ("deleted room \(room.name)", ["deleted": .string(room.id)])
                case .assign:
                    let device = try await model.device(words[0])
                    let room = words[1] == "none" ? nil : try await model.room(words[1])
                    try await model.assign(device: device.id, toRoom: room?.id)
                    return ("\(device.name) is now in \(room?.name ?? "no room")", ["device": .string(device.id), "room": room.map { .string($0.id) } ?? .null])
                }
            }
            try invocation.report([line], json: fields)
        } catch {
            await opened.close()
            throw error
        }
        await opened.close()
        return .success
    }
}
