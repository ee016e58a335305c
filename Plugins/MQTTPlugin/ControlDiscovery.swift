import Agent
import FoundationEssentials
import Essentials
import HAModels

/// The MQTT discovery config of a control, under this machine's device (its mobile_app
/// registration's id and name; Home Assistant keeps MQTT identifiers in the mqtt integration's
/// namespace, so it is a device of its own beside the mobile_app one, named alike), with the
/// machine's availability topic and QoS 1. A control of a group (the media player) is on a device
/// of the group's own, named after the machine and the group and connected through the machine's.
enum ControlDiscovery {
    static func config(_ definition: ControlDefinition, topics: ControlTopics, registration: MobileAppRegistration) -> JSONValue {
        var config: [String: JSONValue] = [
            "name": .string(definition.name),
            "unique_id": .string("homecompanion_\(topics.node)_\(definition.id)"),
            "object_id": .string("\(slug(registration.deviceName))_\(definition.id)"),
            "availability_topic": .string(topics.availability),
            "qos": .integer(1),
            "device": .object(device(definition.group, topics: topics, registration: registration)),
        ]
        if let icon = definition.icon { config["icon"] = .string(icon) }
        switch definition.kind {
        case .button:
            config["command_topic"] = .string(topics.command(definition.id))
            config["payload_press"] = .string("PRESS")
        case .number(let minimum, let maximum, let step, let unit):
            config["command_topic"] = .string(topics.command(definition.id))
            config["state_topic"] = .string(topics.state(definition.id))
            config["min"] = .double(minimum)
            config["max"] = .double(maximum)
            config["step"] = .double(step)
            if let unit { config["unit_of_measurement"] = .string(unit) }
        case .toggle:
            config["command_topic"] = .string(topics.command(definition.id))
            config["state_topic"] = .string(topics.state(definition.id))
            config["payload_on"] = .string("ON")
            config["payload_off"] = .string("OFF")
        case .sensor:
            config["state_topic"] = .string(topics.state(definition.id))
        }
        return .object(config)
    }

    private static func device(_ group: ControlGroup?, topics: ControlTopics, registration: MobileAppRegistration) -> [String: JSONValue] {
        let machine = "homecompanion_\(topics.node)"
        var device: [String: JSONValue] = [
            "identifiers": .array([.string(machine)]),
            "name": .string(registration.deviceName),
            "manufacturer": .string(registration.manufacturer),
            "model": .string(registration.model),
            "sw_version": .string(registration.appVersion),
        ]
        if let group {
            device["identifiers"] = .array([.string("\(machine)_\(group.id)")])
            device["name"] = .string("\(registration.deviceName) \(group.name)")
            device["model"] = .string(group.name)
            device["via_device"] = .string(machine)
        }
        return device
    }

    /// The device name as Home Assistant would write it in an entity id (`button.desk_lock_screen`).
    static func slug(_ name: String) -> String {
        var slug = ""
        for character in name.lowercased() {
            if character.isASCII, character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.hasSuffix("_") {
                slug.append("_")
            }
        }
        let trimmed = slug.trimming(charactersIn: "_")
        return trimmed.isEmpty ? "homecompanion" : trimmed
    }
}
