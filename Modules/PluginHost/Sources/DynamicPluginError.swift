/// Why an out-of-tree plugin library could not be loaded or called.
public struct DynamicPluginError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong and, where it helps, what to do.
    public let message: String

    /// Creates the error.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
