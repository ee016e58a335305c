/// A program that could not be started.
public struct ChildProcessError: Error, CustomStringConvertible, Sendable {
    /// What failed, naming the program.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
