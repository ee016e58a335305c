import CLIKit
import HomeAPI

/// Offers the structures (servers) in the terminal: a numbered list with the preselected one
/// marked; Enter takes it, a number or URL picks another when the choice is not locked.
struct TerminalStructurePrompt: PermissionsPrompt {
    let console: Console

    func choose(_ choice: StructureChoice) async throws -> String? {
        console.printError("Servers to (re)authorize:")
        for (index, option) in choice.options.enumerated() {
            let marker = option == choice.preselected ? "*" : " "
            let lock = choice.locked && option != choice.preselected ? "  (locked)" : ""
            console.printError(" \(marker) \(index + 1). \(option)\(lock)")
        }
        while true {
            if choice.locked {
                console.printError("Re-authorize \(choice.preselected)? [Y/n] ", newline: false)
            } else {
                console.printError("Choose a number\(choice.acceptsOthers ? " or a server URL" : "") (Enter for \(choice.preselected)), or 'q' to cancel: ", newline: false)
            }
            guard let line = console.readLine()?.trimmingWhitespace() else { return nil }
            let answer = line.lowercased()
            if answer.isEmpty || (choice.locked && ["y", "yes"].contains(answer)) { return choice.preselected }
            if ["q", "n", "no"].contains(answer) { return nil }
            if let number = Int(line), choice.options.indices.contains(number - 1), choice.accepts(choice.options[number - 1]) {
                return choice.options[number - 1]
            }
            if choice.accepts(line) { return line }
            console.printError("'\(line)' cannot be chosen here.")
        }
    }
}
