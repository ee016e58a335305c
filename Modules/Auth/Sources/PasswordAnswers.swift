/// Answers the login flow with a user name and password, and asks `code` for any further step.
public struct PasswordAnswers: LoginAnswering, CustomStringConvertible, CustomReflectable {
    public let username: String
    private let password: String
    private let code: (@Sendable (LoginForm) async throws -> [String: String])?

    /// Answers `init` with `username` and `password`; another step goes to `code`, or fails
    /// with ``AuthError/answerRequired(step:fields:)`` when there is none.
    public init(username: String, password: String, code: (@Sendable (LoginForm) async throws -> [String: String])? = nil) {
        self.username = username
        self.password = password
        self.code = code
    }

    public func answers(to form: LoginForm) async throws -> [String: String] {
        if form.stepID == "init" && form.fields.contains("username") && form.fields.contains("password") {
            return ["username": username, "password": password]
        }
        guard let code else { throw AuthError.answerRequired(step: form.stepID, fields: form.fields) }
        return try await code(form)
    }

    public var description: String { "PasswordAnswers(username: \(username), password: <redacted>)" }
    public var customMirror: Mirror { Mirror(self, children: ["username": username]) }
}
