/// A program could not be started for the desktop.
public struct DesktopLaunchError: Error, Sendable, CustomStringConvertible {
    /// What could not be started, and why.
    public let description: String

    /// An error that says `description`.
    public init(description: String) {
        self.description = description
    }
}
