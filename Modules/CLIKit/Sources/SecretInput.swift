import FoundationEssentials

/// Reads a secret given the safe ways: from a file (its first line) or, for `-`, from standard
/// input; never from the command line, where `/proc/PID/cmdline` shows it to every user.
public enum SecretInput {
    /// The secret in `path` (`-` for standard input); `option` names the option in errors.
    public static func read(_ path: String, option: String, console: Console) throws -> String {
        let text: String
        if path == "-" {
            guard let line = console.readLine(secret: true) else { throw UsageError("--\(option) -: standard input holds no secret") }
            text = line
        } else {
            do {
                text = try String(contentsOfFile: path, encoding: .utf8)
            } catch {
                throw UsageError("--\(option): \(path) cannot be read: \(error)")
            }
        }
        let secret = text.split(whereSeparator: \.isNewline).first.map { $0.trimmingSpaces() } ?? ""
        guard !secret.isEmpty else { throw UsageError("--\(option): \(path == "-" ? "standard input" : path) holds no secret") }
        return secret
    }
}
