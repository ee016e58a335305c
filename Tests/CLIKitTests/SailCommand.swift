import CLIKit

/// `ship sail --crew NAME [--to DIRECTION] [--log FILE] [--fast]`.
struct SailCommand: Command {
    let name = "sail"
    let summary = "Leave port — with a crew's name, 'quoted' and all."
    let options: [OptionSpec] = [
        OptionSpec.value("crew", "NAME", help: "Who sails.").required,
        .value("to", "DIRECTION", help: "Where to.", choices: ["north", "south"]),
        .value("log", "FILE", help: "The log book."),
        .flag("fast", help: "All sails up."),
    ]
    let details = ".dots at the start of a line stay text\nand a backslash \\ too"

    func run(_ invocation: Invocation) async throws -> ExitCode {
        invocation.console.print("sailing with \(invocation.arguments.values["crew"] ?? "?")")
        return .success
    }
}
