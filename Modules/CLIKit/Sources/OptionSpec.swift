/// An option a command accepts: a flag such as `--json`, or `--manifest FILE` with a value.
public struct OptionSpec: Sendable, Equatable {
    /// The long name without dashes: `json`.
    public let name: String
    /// The placeholder of its value (`FILE`), or nil for a flag.
    public let valueName: String?
    /// One line for `--help`.
    public let help: String
    /// Whether the command cannot run without it (shown without brackets, checked when parsing).
    public let isRequired: Bool
    /// The values it takes, when they are a fixed few (offered by the shell completions).
    public let choices: [String]

    /// A flag that is present or not.
    public static func flag(_ name: String, help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: nil, help: help, isRequired: false, choices: [])
    }

    /// An option that takes a value, written `--name VALUE` or `--name=VALUE`; `choices` lists
    /// its values when they are a fixed few.
    public static func value(_ name: String, _ valueName: String, help: String, choices: [String] = []) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName, help: help, isRequired: false, choices: choices)
    }

    /// The same option, required.
    public var required: OptionSpec {
        OptionSpec(name: name, valueName: valueName, help: help, isRequired: true, choices: choices)
    }

    /// `--name VALUE` (or `--name` for a flag), as the usage line and the help write it.
    public var written: String { "--\(name)" + (valueName.map { " \($0)" } ?? "") }

    /// Whether its value names a file (completed with file names).
    public var takesFile: Bool { ["FILE", "PATH", "FOLDER", "PORT", "DIRECTORY"].contains(valueName ?? "") }

    /// The `--json` flag every listing command offers.
    public static let json = OptionSpec.flag("json", help: "Print machine-readable JSON instead of text.")
}
