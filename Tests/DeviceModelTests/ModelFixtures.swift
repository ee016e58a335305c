import Essentials
import Foundation
import HAModels

/// Small registries and states written inline, shaped as Home Assistant 2024.3 sends them.
enum ModelFixtures {
    static func state(_ entityID: String, _ state: String, _ attributes: [String: JSONValue] = [:]) -> EntityState {
        EntityState(entityID: entityID, state: state, attributes: attributes, lastChanged: Date(timeIntervalSince1970: 0),
                    lastUpdated: Date(timeIntervalSince1970: 0), context: HAContext(id: "c", parentID: nil, userID: nil))
    }

    static func area(_ id: String, _ name: String) throws -> AreaRegistryEntry {
        try decode(["area_id": .string(id), "name": .string(name), "aliases": .array([]), "icon": .null, "picture": .null])
    }

    static func device(_ id: String, _ name: String, area: String? = nil, disabled: Bool = false) throws -> DeviceRegistryEntry {
        try decode([
            "id": .string(id), "name": .string(name), "name_by_user": .null, "area_id": area.map(JSONValue.string) ?? .null,
            "config_entries": .array([]), "configuration_url": .null, "connections": .array([]), "identifiers": .array([]),
            "disabled_by": disabled ? .string("user") : .null, "entry_type": .null, "manufacturer": .string("Acme"), "model": .string("M1"),
            "hw_version": .null, "sw_version": .null, "serial_number": .null, "via_device_id": .null,
        ])
    }

    static func entity(_ entityID: String, device: String?, area: String? = nil, hidden: Bool = false, disabled: Bool = false,
                       category: String? = nil) throws -> EntityRegistryEntry {
        try decode([
            "id": .string("r-" + entityID), "entity_id": .string(entityID), "unique_id": .string("u-" + entityID), "platform": .string("demo"),
            "name": .null, "original_name": .null, "icon": .null, "area_id": area.map(JSONValue.string) ?? .null,
            "device_id": device.map(JSONValue.string) ?? .null, "config_entry_id": .null,
            "disabled_by": disabled ? .string("user") : .null, "hidden_by": hidden ? .string("user") : .null,
            "entity_category": category.map(JSONValue.string) ?? .null, "has_entity_name": .bool(true), "translation_key": .null,
            "labels": .array([]), "options": .object([:]),
        ])
    }

    private static func decode<T: Decodable>(_ fields: [String: JSONValue]) throws -> T {
        try JSONValueDecoder().decode(T.self, from: .object(fields))
    }
}
