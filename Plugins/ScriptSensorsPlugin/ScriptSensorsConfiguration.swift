import PluginHost

/// The script-sensors plugin's manifest configuration: `scripts`, each a ``ScriptSpec``.
struct ScriptSensorsConfiguration: Decodable, Sendable {
    let scripts: [ScriptSpec]

    private enum CodingKeys: String, CodingKey {
        case scripts
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        scripts = try container.decodeIfPresent([ScriptSpec].self, forKey: .scripts) ?? []
        var seen: Set<String> = []
        for script in scripts where !seen.insert(script.id).inserted {
            throw ConfigurationError(key: "scripts", reason: "the id '\(script.id)' is used twice")
        }
    }
}
