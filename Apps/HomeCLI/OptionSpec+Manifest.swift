import CLIKit

extension OptionSpec {
    /// The `--manifest FILE` option of every command that loads plugins.
    static let manifest = OptionSpec.value(
        "manifest", "FILE", help: "Load plugins from FILE instead of $XDG_CONFIG_HOME/home-companion/manifest.json."
    )
}
