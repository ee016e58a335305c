import DeviceModel
import Essentials
import HAModels

/// The device model as JSON for `--json`: rooms, devices with their entities and traits, and
/// each entity's full state (every attribute, modelled by a trait or not).
enum DeviceModelJSON {
    static func room(_ room: Room) -> JSONValue {
        .object(["id": .string(room.id), "name": .string(room.name), "icon": room.icon.map(JSONValue.string) ?? .null,
                 "aliases": .array(room.aliases.map(JSONValue.string))])
    }

    static func device(_ device: Device, rooms: [Room]) throws -> JSONValue {
        .object([
            "id": .string(device.id), "name": .string(device.name), "type": .string(device.type.rawValue),
            "room": device.roomID.map(JSONValue.string) ?? .null,
            "room_name": rooms.first { $0.id == device.roomID }.map { .string($0.name) } ?? .null,
            "manufacturer": device.manufacturer.map(JSONValue.string) ?? .null, "model": device.model.map(JSONValue.string) ?? .null,
            "standalone": .bool(device.isStandalone), "disabled": .bool(device.isDisabled),
            "traits": .array(device.traits.map { .string($0.kind.rawValue) }),
            "entities": .array(try device.entities.map(entity)),
        ])
    }

    static func entity(_ entity: DeviceEntity) throws -> JSONValue {
        .object([
            "entity_id": .string(entity.entityID), "name": .string(entity.name), "room": entity.roomID.map(JSONValue.string) ?? .null,
            "hidden": .bool(entity.isHidden), "disabled": .bool(entity.isDisabled), "category": entity.category.map(JSONValue.string) ?? .null,
            "traits": .object(Dictionary(entity.traits.map { ($0.kind.rawValue, JSONValue.object($0.values)) }, uniquingKeysWith: { first, _ in first })),
            "state": try entity.state.map { try JSONValueEncoder().encodeValue($0) } ?? .null,
        ])
    }
}
