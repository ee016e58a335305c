import Essentials
import FoundationEssentials

/// What one command to a control did.
public struct ControlOutcome: Codable, Sendable, Equatable {
    public let at: Date
    public let command: String
    /// nil when it worked.
    public let error: String?

    public init(at: Date, command: String, error: String?) {
        self.at = at
        self.command = command
        self.error = error
    }

    /// `last: COMMAND at TIME`, with ` (failed: REASON)` when it failed, as `home controls` and the
    /// settings page show it.
    public var summary: String {
        "last: \(command) at \(HATimestamp.string(from: at))\(error.map { " (failed: \($0))" } ?? "")"
    }
}
