import CLIKit

/// `home manual [COMMAND …]`: the manual page (roff) of `home`, or of one command, for `man -l -`.
struct ManualCommand: Command {
    let name = "manual"
    let summary = "Print the manual page of home, or of one command (roff; read it with 'man -l -')."
    let arguments = "[COMMAND …]"
    let source: ManifestSource
    let version: String

    var details: String {
        "Such as: home manual thread | man -l -    or    home manual > home.1"
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let words = try invocation.positionals("", minimum: 0, maximum: 5)
        let command = words.isEmpty ? nil : words.joined(separator: " ")
        let page = try await WholeCommandTree(source: source, version: version).withRoot { root in
            ManualPage(root: root, version: version, globalOptions: [HomeEnvironment.manifestOption], environment: HomeEnvironment.variables).text(command: command)
        }
        guard let page else { throw UsageError("no command '\(command ?? "")'; 'home --help' lists them") }
        invocation.console.print(String(page.dropLast()))
        return .success
    }
}
