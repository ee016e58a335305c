import Foundation

/// Where a command writes: standard output, standard error, and whether colour is on.
///
/// Colour is on only when standard output is a terminal, `NO_COLOR` is unset or empty, and
/// `TERM` is not `dumb`. Tests build a console that captures what is written.
public struct Console: Sendable {
    /// Whether ``styled(_:_:)`` emits escape sequences.
    public let colorEnabled: Bool
    private let writeOut: @Sendable (String) -> Void
    private let writeError: @Sendable (String) -> Void

    /// Creates a console from two writers.
    public init(
        colorEnabled: Bool, out: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void
    ) {
        self.colorEnabled = colorEnabled
        writeOut = out
        writeError = error
    }

    /// The process's standard output and error, with colour decided by `environment`.
    public static func standard(environment: [String: String]) -> Console {
        Console(
            colorEnabled: colorAllowed(environment: environment, isTerminal: isatty(STDOUT_FILENO) == 1),
            out: { FileHandle.standardOutput.write(Data($0.utf8)) },
            error: { FileHandle.standardError.write(Data($0.utf8)) }
        )
    }

    /// Whether colour may be used, following https://no-color.org.
    public static func colorAllowed(environment: [String: String], isTerminal: Bool) -> Bool {
        isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// Writes `text` and a newline to standard output.
    public func print(_ text: String) { writeOut(text + "\n") }

    /// Writes `text` and a newline to standard error.
    public func printError(_ text: String) { writeError(text + "\n") }

    /// `text` in `style` when colour is on, else unchanged.
    public func styled(_ text: String, _ style: TextStyle) -> String {
        colorEnabled ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}
