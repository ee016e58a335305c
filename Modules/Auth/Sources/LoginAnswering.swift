/// Answers the forms of the login flow: the user name and password, then any further step the
/// server asks for (a multi-factor code), shown to the user rather than assumed away.
public protocol LoginAnswering: Sendable {
    /// The values for `form`'s fields; throw to give up (such as ``AuthError/answerRequired(step:fields:)``).
    func answers(to form: LoginForm) async throws -> [String: String]
}
