/// What a device is, from the domains and device classes of its entities (a device with a
/// light and a power sensor is a light first).
public enum DeviceType: String, Sendable, Codable, CaseIterable {
    case light, outlet, `switch`, thermostat, fan, cover, garageDoor = "garage_door", lock
    case mediaPlayer = "media_player", television, sensor, binarySensor = "binary_sensor"
    case scene, script, other

    /// The type one entity makes of a device.
    static func of(domain: Substring, deviceClass: String?) -> DeviceType {
        switch (domain, deviceClass) {
        case ("light", _): .light
        case ("switch", "outlet"): .outlet
        case ("switch", _), ("input_boolean", _): .switch
        case ("climate", _): .thermostat
        case ("fan", _): .fan
        case ("cover", "garage"): .garageDoor
        case ("cover", _): .cover
        case ("lock", _): .lock
        case ("media_player", "tv"): .television
        case ("media_player", _): .mediaPlayer
        case ("sensor", _): .sensor
        case ("binary_sensor", _): .binarySensor
        case ("scene", _): .scene
        case ("script", _): .script
        default: .other
        }
    }

    /// The order in which a device with several entities takes its type: the first present wins.
    static let precedence: [DeviceType] = [
        .light, .thermostat, .fan, .garageDoor, .cover, .lock, .television, .mediaPlayer, .outlet, .switch, .scene, .script,
        .binarySensor, .sensor, .other,
    ]
    /// Each type's place in ``precedence``.
    static let rank = Dictionary(uniqueKeysWithValues: precedence.enumerated().map { ($1, $0) })
}
