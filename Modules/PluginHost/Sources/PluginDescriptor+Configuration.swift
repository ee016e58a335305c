import Essentials

extension PluginDescriptor {
    /// A problem for each key of `configuration` that the plugin does not declare, listing the valid ones.
    public func unknownConfigurationKeys(in configuration: [String: JSONValue]) -> [String] {
        let valid = configurationKeys.isEmpty ? "none" : configurationKeys.joined(separator: ", ")
        return configuration.keys.sorted().filter { !configurationKeys.contains($0) }.map { key in
            "key '\(key)' is unknown; valid keys: \(valid)"
        }
    }
}
