import PluginHost

/// The system-controls plugin's manifest configuration: `logind` (lock, suspend, reboot, shut down;
/// default true), `media` (the MPRIS player; default true), `volume` (volume and mute through
/// pactl, when it is installed; default true), and `commands`, controls of the user's own.
struct SystemControlsConfiguration: Decodable, Sendable {
    let logind: Bool
    let media: Bool
    let volume: Bool
    let commands: [CommandControlSpec]

    private enum CodingKeys: String, CodingKey {
        case logind, media, volume, commands
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        logind = try container.decodeIfPresent(Bool.self, forKey: .logind) ?? true
        media = try container.decodeIfPresent(Bool.self, forKey: .media) ?? true
        volume = try container.decodeIfPresent(Bool.self, forKey: .volume) ?? true
        commands = try container.decodeIfPresent([CommandControlSpec].self, forKey: .commands) ?? []
        var seen: Set<String> = []
        for spec in commands where !seen.insert(spec.definition.id).inserted {
            throw ConfigurationError(key: "commands", reason: "the id '\(spec.definition.id)' is used twice")
        }
    }
}
