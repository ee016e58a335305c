/// An option a command accepts: a flag such as `--json`, or `--manifest FILE` with a value.
public struct OptionSpec: Sendable, Equatable {
    /// The long name without dashes: `json`.
    public let name: String
    /// The placeholder of its value (`FILE`), or nil for a flag.
    public let valueName: String?
    /// One line for `--help`.
    public let help: String

    /// A flag that is present or not.
    public static func flag(_ name: String, help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: nil, help: help)
    }

    /// An option that takes a value, written `--name VALUE` or `--name=VALUE`.
    public static func value(_ name: String, _ valueName: String, help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName, help: help)
    }

    /// The `--json` flag every listing command offers.
    public static let json = OptionSpec.flag("json", help: "Print machine-readable JSON instead of text.")
}
