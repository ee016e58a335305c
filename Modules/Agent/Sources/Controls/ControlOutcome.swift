import Foundation

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
}
