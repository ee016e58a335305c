import CLIKit

/// A command group for the completion and manual tests: `ship dock`, `ship sail`.
struct ShipCommand: CommandGroup {
    let name = "ship"
    let summary = "Move a ship."
    let subcommands: [any Command] = [DockCommand(), SailCommand()]
}
