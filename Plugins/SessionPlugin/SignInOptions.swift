import Auth
import CLIKit
import FoundationEssentials
import HomeAPI
import Networking

/// How `home login` and `home permissions` sign in: `--username NAME --password-stdin`,
/// `--browser`, `--token-stdin`, or (at a terminal, with none of them) questions.
enum SignInOptions {
    static let options: [OptionSpec] = [
        .value("username", "NAME", help: "Sign in as NAME; the password is read from standard input (with --password-stdin)."),
        .flag("password-stdin", help: "Read the password from the first line of standard input; a code step reads the next lines."),
        .flag("browser", help: "Sign in in the browser: open the printed URL; the answer comes back to this machine."),
        .flag("token-stdin", help: "Read a long-lived access token from standard input and keep it."),
        .value("timeout", "SECONDS", help: "How long to wait for the browser (default: 300)."),
    ]

    /// The sign-in method the options ask for.
    static func method(_ invocation: Invocation) throws -> SignInMethod {
        let arguments = invocation.arguments
        let console = invocation.console
        let chosen = ["browser", "token-stdin", "password-stdin"].filter(arguments.has)
        guard chosen.count <= 1 else { throw UsageError("choose one of --browser, --token-stdin and --username with --password-stdin") }
        switch chosen.first {
        case "browser":
            var timeout = 300.0
            if let text = arguments.values["timeout"] {
                guard let seconds = Double(text), seconds > 0 else { throw UsageError("--timeout needs a positive number of seconds") }
                timeout = seconds
            }
            return .browser(timeout: timeout) { url in BrowserLauncher.present(url, console: console) }
        case "token-stdin":
            guard let token = console.readLine(secret: true)?.trimmingWhitespace(), !token.isEmpty else {
                throw UsageError("--token-stdin: standard input holds no token")
            }
            return .accessToken(token)
        case "password-stdin":
            guard let username = arguments.values["username"], !username.isEmpty else { throw UsageError("--password-stdin needs --username NAME") }
            guard let password = console.readLine(secret: true), !password.isEmpty else {
                throw UsageError("--password-stdin: standard input holds no password")
            }
            return .password(PasswordAnswers(username: username, password: password, code: codeAnswers(console)))
        default:
            guard console.inputIsTerminal else {
                throw UsageError("not at a terminal: give --username NAME --password-stdin, --browser or --token-stdin")
            }
            console.printError("User name: ", newline: false)
            let username = console.readLine()?.trimmingWhitespace() ?? ""
            console.printError("Password: ", newline: false)
            let password = console.readLine(secret: true) ?? ""
            guard !username.isEmpty, !password.isEmpty else { throw UsageError("a user name and a password are needed") }
            return .password(PasswordAnswers(username: username, password: password, code: codeAnswers(console)))
        }
    }

    /// Shows a further step of the login flow (such as a multi-factor code) and reads its answers.
    private static func codeAnswers(_ console: Console) -> @Sendable (LoginForm) async throws -> [String: String] {
        { form in
            if form.errors["base"] == "invalid_code" { console.printError("That code was not accepted; try again.") }
            var answers: [String: String] = [:]
            for field in form.fields {
                console.printError("The server asks for '\(field)' (step '\(form.stepID)'): ", newline: false)
                guard let answer = console.readLine(secret: true)?.trimmingWhitespace(), !answer.isEmpty else {
                    throw AuthError.answerRequired(step: form.stepID, fields: form.fields)
                }
                answers[field] = answer
            }
            return answers
        }
    }
}
