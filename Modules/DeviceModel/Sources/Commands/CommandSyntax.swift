import FoundationEssentials

/// Commands as people write them: `brightness.set level=40`, `thermostat.set_range low=19 high=23`.
public enum CommandSyntax {
    /// Each command's name and arguments, for help and for errors that say what is valid.
    public static let usage: [String: String] = [
        "on_off.on": "", "on_off.off": "", "on_off.toggle": "",
        "brightness.set": "level=0-100",
        "color.set_hs": "hue=0-360 saturation=0-100", "color.set_temperature": "kelvin=K",
        "thermostat.set_mode": "mode=M", "thermostat.set_target": "temperature=T", "thermostat.set_range": "low=T high=T",
        "fan.set_speed": "percentage=0-100", "fan.oscillate": "on=true|false", "fan.set_direction": "direction=forward|reverse",
        "cover.open": "", "cover.close": "", "cover.stop": "", "cover.set_position": "position=0-100", "cover.set_tilt": "position=0-100",
        "lock.lock": "", "lock.unlock": "", "lock.open": "",
        "media.play": "", "media.pause": "", "media.set_volume": "level=0-100", "media.select_source": "source=S",
        "activatable.activate": "",
    ]

    /// Parses `NAME` and its `KEY=VALUE` arguments; errors say what was expected.
    public static func parse(_ name: String, _ arguments: [String]) throws(DeviceModelError) -> DeviceCommand {
        guard let expected = usage[name] else {
            throw .invalidArgument("'\(name)' is not a command; commands: \(usage.keys.sorted().joined(separator: ", "))")
        }
        var values: [String: String] = [:]
        for argument in arguments {
            guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
                throw .invalidArgument("'\(argument)' is not KEY=VALUE; \(name) takes \(expected.isEmpty ? "no arguments" : expected)")
            }
            values[String(argument[..<equals])] = String(argument[argument.index(after: equals)...])
        }
        let wanted = Set(expected.split(separator: " ").map { String($0.prefix { $0 != "=" }) })
        if let unknown = values.keys.sorted().first(where: { !wanted.contains($0) }) {
            throw .invalidArgument("\(name) has no argument '\(unknown)'; it takes \(expected.isEmpty ? "no arguments" : expected)")
        }
        if let missing = wanted.sorted().first(where: { values[$0] == nil }) {
            throw .invalidArgument("\(name) needs \(missing)= (\(expected))")
        }
        let reader = ArgumentReader(command: name, values: values)
        switch name {
        case "on_off.on": return .turnOn
        case "on_off.off": return .turnOff
        case "on_off.toggle": return .toggle
        case "brightness.set": return .setBrightness(percent: try reader.integer("level"))
        case "color.set_hs": return .setHueSaturation(hue: try reader.number("hue"), saturation: try reader.number("saturation"))
        case "color.set_temperature": return .setColorTemperature(kelvin: try reader.integer("kelvin"))
        case "thermostat.set_mode": return .setThermostatMode(try reader.text("mode"))
        case "thermostat.set_target": return .setTargetTemperature(try reader.number("temperature"))
        case "thermostat.set_range": return .setTargetRange(low: try reader.number("low"), high: try reader.number("high"))
        case "fan.set_speed": return .setFanSpeed(percent: try reader.integer("percentage"))
        case "fan.oscillate": return .setOscillation(try reader.flag("on"))
        case "fan.set_direction": return .setFanDirection(try reader.text("direction"))
        case "cover.open": return .openCover
        case "cover.close": return .closeCover
        case "cover.stop": return .stopCover
        case "cover.set_position": return .setCoverPosition(try reader.integer("position"))
        case "cover.set_tilt": return .setCoverTilt(try reader.integer("position"))
        case "lock.lock": return .lock
        case "lock.unlock": return .unlock
        case "lock.open": return .openLock
        case "media.play": return .play
        case "media.pause": return .pause
        case "media.set_volume": return .setVolume(percent: try reader.integer("level"))
        case "media.select_source": return .selectSource(try reader.text("source"))
        default: return .activate
        }
    }
}
