import CLIKit
import Essentials
import FoundationEssentials

/// A console for tests that keeps what a command writes to standard output and error, and
/// hands it `input` line by line as its standard input.
public final class ConsoleRecorder: @unchecked Sendable {
    // Guarded by `lock`.
    private var outText = ""
    private var errorText = ""
    private var input: [String]
    private let lock = Lock()

    /// Creates an empty recorder whose standard input holds `input`.
    public init(input: [String] = []) {
        self.input = input
    }

    /// Everything written to standard output.
    public var out: String { lock.withLock { outText } }
    /// Everything written to standard error.
    public var error: String { lock.withLock { errorText } }

    /// A console writing into this recorder, with colour on or off, and input as if typed at
    /// a terminal when `terminal` is true.
    public func console(color: Bool = false, terminal: Bool = false) -> Console {
        Console(
            colorEnabled: color,
            out: { [self] text in lock.withLock { outText += text } },
            error: { [self] text in lock.withLock { errorText += text } },
            inputIsTerminal: terminal,
            input: { [self] _ in lock.withLock { input.isEmpty ? nil : input.removeFirst() } }
        )
    }
}
