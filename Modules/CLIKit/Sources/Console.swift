import Essentials
import FoundationEssentials
import Glibc

/// Where a command writes: standard output, standard error, and whether colour is on.
///
/// Colour is on only when standard output is a terminal, `NO_COLOR` is unset or empty, and
/// `TERM` is not `dumb`. Tests build a console that captures what is written and feeds input.
public struct Console: Sendable {
    /// Whether ``styled(_:_:)`` emits escape sequences.
    public let colorEnabled: Bool
    /// Whether input comes from a person at a terminal (so prompts make sense).
    public let inputIsTerminal: Bool
    private let writeOut: @Sendable (String) -> Void
    private let writeError: @Sendable (String) -> Void
    private let readInput: @Sendable (_ secret: Bool) -> String?

    /// Creates a console from two writers and a line reader (`secret` asks it not to echo).
    public init(
        colorEnabled: Bool, out: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void,
        inputIsTerminal: Bool = false, input: @escaping @Sendable (_ secret: Bool) -> String? = { _ in nil }
    ) {
        self.colorEnabled = colorEnabled
        self.inputIsTerminal = inputIsTerminal
        writeOut = out
        writeError = error
        readInput = input
    }

    /// The process's standard output and error, with colour decided by `environment`.
    public static func standard(environment: [String: String]) -> Console {
        Console(
            colorEnabled: colorAllowed(environment: environment, isTerminal: isatty(STDOUT_FILENO) == 1),
            out: { StandardStream.output.write($0) },
            error: { StandardStream.error.write($0) },
            inputIsTerminal: isatty(STDIN_FILENO) == 1,
            input: { secret in TerminalInput.readLine(secret: secret) }
        )
    }

    /// Whether colour may be used, following https://no-color.org.
    public static func colorAllowed(environment: [String: String], isTerminal: Bool) -> Bool {
        isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// Writes `text` and a newline to standard output.
    public func print(_ text: String) { writeOut(text + "\n") }

    /// Writes `text` and (unless `newline` is false, as for a prompt) a newline to standard error.
    public func printError(_ text: String, newline: Bool = true) { writeError(newline ? text + "\n" : text) }

    /// The next line of standard input without its line break, or nil at its end. With
    /// `secret` a terminal does not echo what is typed (for passwords and tokens).
    public func readLine(secret: Bool = false) -> String? { readInput(secret) }

    /// `text` in `style` when colour is on, else unchanged.
    public func styled(_ text: String, _ style: TextStyle) -> String {
        colorEnabled ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}
