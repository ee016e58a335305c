import CLIKit
import DeviceModel
import Essentials

/// `home watch --devices`: the device model's changes as lines (or JSON lines), one per change.
struct DeviceWatch {
    let model: HomeModel
    let pattern: EntityPattern
    let json: Bool
    let console: Console

    func run(count: Int) async throws {
        var remaining = count
        var previous: [Device]?
        for await devices in model.deviceUpdates() {
            defer { previous = devices }
            guard let previous else {
                console.printError("watching \(devices.count) devices")
                continue
            }
            let rooms = Dictionary(await model.rooms().map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
            for change in DeviceChange.between(previous, devices)
            where pattern.matches(change.deviceName) || change.entityID.map(pattern.matches) == true {
                console.print(try line(change, rooms: rooms))
                remaining -= 1
                if remaining == 0 { return }
            }
        }
    }

    private func line(_ change: DeviceChange, rooms: [String: String]) throws -> String {
        let room = { (id: String?) in id.map { rooms[$0] ?? $0 } ?? "no room" }
        if json {
            return try JSONSerializer.string(.object([
                "change": .string(change.kind.rawValue), "device": .string(change.deviceID), "name": .string(change.deviceName),
                "entity_id": change.entityID.map(JSONValue.string) ?? .null,
                "old": change.old.map(JSONValue.string) ?? .null, "new": change.new.map(JSONValue.string) ?? .null,
            ]))
        }
        return textLine(change, room: room).terminalSafe
    }

    private func textLine(_ change: DeviceChange, room: (String?) -> String) -> String {
        switch change.kind {
        case .added: return "\(change.deviceName): added (\(room(change.new)))"
        case .removed: return "\(change.deviceName): removed"
        case .renamed: return "\(change.old ?? "?") renamed to \(change.deviceName)"
        case .moved: return "\(change.deviceName): moved from \(room(change.old)) to \(room(change.new))"
        case .state: return "\(change.deviceName) \(change.entityID ?? ""): \(change.old ?? "?") → \(change.new ?? "gone")"
        }
    }
}
