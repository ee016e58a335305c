import Essentials
import FoundationEssentials
import Glibc

/// Reads lines from standard input, with echo off for secrets when it is a terminal.
enum TerminalInput {
    static func readLine(secret: Bool) -> String? {
        guard secret, isatty(STDIN_FILENO) == 1 else { return Swift.readLine(strippingNewline: true) }
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return Swift.readLine(strippingNewline: true) }
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
            StandardStream.error.write("\n")
        }
        return Swift.readLine(strippingNewline: true)
    }
}
