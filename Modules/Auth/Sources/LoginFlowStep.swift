/// Where the login flow stands after an answer.
enum LoginFlowStep: Sendable, Equatable {
    /// The server asks for input.
    case form(LoginForm)
    /// The flow finished with an authorization code.
    case code(String)
}
