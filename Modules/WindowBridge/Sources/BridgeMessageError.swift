/// Why a message from the page was refused; it is logged and answered with nothing else.
public struct BridgeMessageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong with it.
    public let description: String

    /// Creates an error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
