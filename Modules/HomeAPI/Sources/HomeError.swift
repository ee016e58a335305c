/// An error of the Home API: a code to act on and a message for people. Never holds a token.
public struct HomeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure it is, to act on.
    public let code: HomeErrorCode
    /// What happened, for people.
    public let message: String

    /// An error with `code` saying `message`.
    public init(_ code: HomeErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    /// A configuration value that is not valid, naming its field.
    static func invalidField(_ field: String, _ problem: String) -> HomeError {
        HomeError(.invalidArgument, "\(field): \(problem)")
    }

    static let notConfigured = HomeError(.failedPrecondition, "Home.configure has not been called; configure the client before any other call")

    /// The code and the message.
    public var description: String { "\(code.rawValue): \(message)" }
}
