import Essentials
import HAModels

/// Turns a command for an entity into its service call: with strict validation, only after
/// checking it against the entity's traits and ranges (a command it does not take fails with
/// the ones it does); without, it is mapped and sent, and the server's answer decides.
struct CommandPlanner {
    let strict: Bool

    func plan(_ command: DeviceCommand, for entity: DeviceEntity) throws(DeviceModelError) -> ServiceCall {
        if strict { try validate(command, for: entity) }
        let id = entity.entityID
        let domain = String(entity.domain)
        func call(_ domain: String, _ service: String, _ data: [String: JSONValue] = [:], expecting text: String,
                  _ check: @escaping @Sendable (EntityState) -> Bool) -> ServiceCall {
            ServiceCall(domain: domain, service: service, entityID: id, data: data, expected: text, isSatisfied: check)
        }
        switch command {
        case .turnOn: return call(domain, "turn_on", expecting: "on") { $0.state == "on" }
        case .turnOff: return call(domain, "turn_off", expecting: "off") { $0.state == "off" }
        case .toggle:
            let was = entity.state?.state
            return call(domain, "toggle", expecting: "not \(was ?? "unknown")") { $0.state != was }
        case .setBrightness(let percent):
            return call("light", "turn_on", ["brightness_pct": .integer(Int64(percent))], expecting: "on at \(percent) %") { state in
                percent == 0 ? state.state == "off" : Self.attribute("brightness", state).map { BrightnessTrait.percent(fromLevel: $0) } == percent
            }
        case .setHueSaturation(let hue, let saturation):
            return call("light", "turn_on", ["hs_color": .array([.double(hue), .double(saturation)])], expecting: "hue \(hue)°, saturation \(saturation) %") { state in
                guard let hs = state.attributes["hs_color"]?.arrayValue, hs.count == 2, let h = hs[0].numberValue, let s = hs[1].numberValue else { return false }
                return abs(h - hue) < 1 && abs(s - saturation) < 1
            }
        case .setColorTemperature(let kelvin):
            return call("light", "turn_on", ["color_temp_kelvin": .integer(Int64(kelvin))], expecting: "\(kelvin) K") { state in
                Self.attribute("color_temp_kelvin", state).map { abs($0 - Double(kelvin)) <= Double(kelvin) * 0.02 } ?? false
            }
        case .setThermostatMode(let mode):
            return call("climate", "set_hvac_mode", ["hvac_mode": .string(mode)], expecting: "mode \(mode)") { $0.state == mode }
        case .setTargetTemperature(let target):
            return call("climate", "set_temperature", ["temperature": .double(target)], expecting: "target \(target)") {
                Self.attribute("temperature", $0) == target
            }
        case .setTargetRange(let low, let high):
            return call("climate", "set_temperature", ["target_temp_low": .double(low), "target_temp_high": .double(high)],
                        expecting: "target \(low)-\(high)") { Self.attribute("target_temp_low", $0) == low && Self.attribute("target_temp_high", $0) == high }
        case .setFanSpeed(let percent):
            return call("fan", "set_percentage", ["percentage": .integer(Int64(percent))], expecting: "speed near \(percent) %") { state in
                // A fan with speed steps lands on the nearest step.
                let step = Self.attribute("percentage_step", state) ?? 1
                return percent == 0 ? state.state == "off" : Self.attribute("percentage", state).map { abs($0 - Double(percent)) <= step / 2 + 0.5 } ?? false
            }
        case .setOscillation(let on):
            return call("fan", "oscillate", ["oscillating": .bool(on)], expecting: on ? "oscillating" : "not oscillating") {
                $0.attributes["oscillating"]?.bool == on
            }
        case .setFanDirection(let direction):
            return call("fan", "set_direction", ["direction": .string(direction)], expecting: "direction \(direction)") {
                $0.attributes["direction"]?.stringValue == direction
            }
        case .openCover: return call("cover", "open_cover", expecting: "opening or open") { ["opening", "open"].contains($0.state) }
        case .closeCover: return call("cover", "close_cover", expecting: "closing or closed") { ["closing", "closed"].contains($0.state) }
        case .stopCover: return call("cover", "stop_cover", expecting: "stopped") { !["opening", "closing"].contains($0.state) }
        case .setCoverPosition(let position):
            return call("cover", "set_cover_position", ["position": .integer(Int64(position))], expecting: "position \(position) %") {
                Self.attribute("current_position", $0) == Double(position)
            }
        case .setCoverTilt(let position):
            return call("cover", "set_cover_tilt_position", ["tilt_position": .integer(Int64(position))], expecting: "tilt \(position) %") {
                Self.attribute("current_tilt_position", $0) == Double(position)
            }
        case .lock: return call("lock", "lock", expecting: "locked (or jammed)") { ["locked", "jammed"].contains($0.state) }
        case .unlock: return call("lock", "unlock", expecting: "unlocked") { ["unlocked", "open"].contains($0.state) }
        case .openLock: return call("lock", "open", expecting: "open or unlocked") { ["open", "unlocked"].contains($0.state) }
        case .play: return call("media_player", "media_play", expecting: "playing") { $0.state == "playing" }
        case .pause: return call("media_player", "media_pause", expecting: "paused") { $0.state == "paused" }
        case .setVolume(let percent):
            return call("media_player", "volume_set", ["volume_level": .double(Double(percent) / 100)], expecting: "volume \(percent) %") {
                Self.attribute("volume_level", $0).map { Int(($0 * 100).rounded()) } == percent
            }
        case .selectSource(let source):
            return call("media_player", "select_source", ["source": .string(source)], expecting: "source \(source)") {
                $0.attributes["source"]?.stringValue == source
            }
        case .activate:
            let before = entity.state?.lastUpdated
            return call(domain, "turn_on", expecting: "activated") { $0.lastUpdated != before }
        }
    }

    private static func attribute(_ name: String, _ state: EntityState) -> Double? { state.attributes[name]?.numberValue }

    /// The commands `entity` takes now, by name.
    static func supported(by entity: DeviceEntity) -> [String] {
        var names: [String] = []
        for trait in entity.traits {
            switch trait {
            case .onOff: names += ["on_off.on", "on_off.off", "on_off.toggle"]
            case .brightness: names.append("brightness.set")
            case .color(let color):
                if color.supportsHueSaturation { names.append("color.set_hs") }
                if color.supportsTemperature { names.append("color.set_temperature") }
            case .thermostat(let thermostat):
                names.append("thermostat.set_mode")
                if thermostat.supportsTarget { names.append("thermostat.set_target") }
                if thermostat.supportsRange { names.append("thermostat.set_range") }
            case .fan(let fan):
                if fan.supportsSpeed { names.append("fan.set_speed") }
                if fan.supportsOscillation { names.append("fan.oscillate") }
                if fan.supportsDirection { names.append("fan.set_direction") }
            case .cover(let cover):
                if cover.canOpen { names.append("cover.open") }
                if cover.canClose { names.append("cover.close") }
                if cover.canStop { names.append("cover.stop") }
                if cover.canSetPosition { names.append("cover.set_position") }
                if cover.canSetTilt { names.append("cover.set_tilt") }
            case .lock(let lock):
                names += ["lock.lock", "lock.unlock"]
                if lock.canOpen { names.append("lock.open") }
            case .mediaPlayback(let media):
                if media.canPlay { names.append("media.play") }
                if media.canPause { names.append("media.pause") }
                if media.canSetVolume { names.append("media.set_volume") }
                if media.canSelectSource { names.append("media.select_source") }
            case .activatable: names.append("activatable.activate")
            case .sensor, .binary: break
            }
        }
        return names
    }

    private func validate(_ command: DeviceCommand, for entity: DeviceEntity) throws(DeviceModelError) {
        let supported = Self.supported(by: entity)
        guard supported.contains(command.name) else {
            let list = supported.isEmpty ? "none (it only reports)" : supported.joined(separator: ", ")
            throw .invalidArgument("\(entity.entityID) does not take \(command.name); its commands: \(list)")
        }
        func within<T: Comparable>(_ value: T, _ range: ClosedRange<T>, _ what: String) throws(DeviceModelError) {
            guard range.contains(value) else {
                throw .invalidArgument("\(command.name): \(what) \(value) is out of range for \(entity.entityID) (\(range.lowerBound)-\(range.upperBound))")
            }
        }
        for trait in entity.traits {
            switch (command, trait) {
            case (.setBrightness(let percent), .brightness): try within(percent, 0...100, "level")
            case (.setHueSaturation(let hue, let saturation), .color):
                try within(hue, 0...360, "hue")
                try within(saturation, 0...100, "saturation")
            case (.setColorTemperature(let kelvin), .color(let color)):
                try within(kelvin, (color.minimumKelvin ?? 1000)...(color.maximumKelvin ?? 40000), "kelvin")
            case (.setThermostatMode(let mode), .thermostat(let thermostat)):
                guard thermostat.modes.contains(mode) else {
                    throw .invalidArgument("\(command.name): \(entity.entityID) has no mode '\(mode)'; its modes: \(thermostat.modes.joined(separator: ", "))")
                }
            case (.setTargetTemperature(let target), .thermostat(let thermostat)):
                try within(target, (thermostat.minimum ?? -Double.greatestFiniteMagnitude)...(thermostat.maximum ?? Double.greatestFiniteMagnitude), "temperature")
            case (.setTargetRange(let low, let high), .thermostat(let thermostat)):
                let range = (thermostat.minimum ?? -Double.greatestFiniteMagnitude)...(thermostat.maximum ?? Double.greatestFiniteMagnitude)
                try within(low, range, "low")
                try within(high, range, "high")
                guard low <= high else { throw .invalidArgument("\(command.name): low \(low) is above high \(high)") }
            case (.setFanSpeed(let percent), .fan): try within(percent, 0...100, "percentage")
            case (.setFanDirection(let direction), .fan):
                guard ["forward", "reverse"].contains(direction) else {
                    throw .invalidArgument("\(command.name): direction must be forward or reverse, not '\(direction)'")
                }
            case (.setCoverPosition(let position), .cover), (.setCoverTilt(let position), .cover): try within(position, 0...100, "position")
            case (.setVolume(let percent), .mediaPlayback): try within(percent, 0...100, "level")
            case (.selectSource(let source), .mediaPlayback(let media)):
                guard media.sources.contains(source) else {
                    throw .invalidArgument("\(command.name): \(entity.entityID) has no source '\(source)'; its sources: \(media.sources.joined(separator: ", "))")
                }
            default: break
            }
        }
    }
}
