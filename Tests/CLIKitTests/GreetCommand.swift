import CLIKit

/// `tool greet [--loud] NAME`.
struct GreetCommand: Command {
    let name = "greet"
    let summary = "Greet someone."
    let arguments = "NAME"
    let options: [OptionSpec] = [.flag("loud", help: "Shout.")]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let name = try invocation.positionals("a NAME", minimum: 1, maximum: 1)[0]
        let greeting = "hello \(name)"
        invocation.console.print(invocation.arguments.has("loud") ? greeting.uppercased() : invocation.console.styled(greeting, .green))
        return .success
    }
}
