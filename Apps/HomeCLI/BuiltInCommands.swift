import CLIKit

/// The commands `home` has of its own, whatever the manifest says.
enum BuiltInCommands {
    static func all(source: ManifestSource, version: String) -> [any Command] {
        [PluginsCommand(source: source), PathsCommand(), CompletionsCommand(source: source, version: version), ManualCommand(source: source, version: version)]
    }
}
