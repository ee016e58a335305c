/// Why a command of the user's did not do its work.
public struct CommandFailure: Error, Sendable, CustomStringConvertible {
    public let description: String

    public init(description: String) {
        self.description = description
    }
}
