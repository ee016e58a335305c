import Essentials
import FoundationEssentials
import Networking
import Transport

/// Home Assistant's login flow (`/auth/login_flow`): start it, answer its forms, and get an
/// authorization code to exchange at the token endpoint.
public struct LoginFlowClient: Sendable {
    /// More steps than this and the flow is considered stuck.
    public static let maximumSteps = 10

    private let http: AuthHTTP

    public init(address: ServerAddress, http: HTTPClient = HTTPClient()) {
        self.http = AuthHTTP(address: address, http: http)
    }

    /// Runs the flow for the built-in user provider to its end and returns the authorization code.
    public func signIn(clientID: String, redirectURI: String, answering answerer: any LoginAnswering) async throws -> String {
        var step = try await start(clientID: clientID, redirectURI: redirectURI)
        for _ in 0..<Self.maximumSteps {
            switch step {
            case .code(let code):
                return code
            case .form(let form):
                try Self.checkErrors(of: form)
                step = try await submit(form, answers: try await answerer.answers(to: form), clientID: clientID)
            }
        }
        throw AuthError.tooManySteps(Self.maximumSteps)
    }

    /// `POST /auth/login_flow`: the first step.
    func start(clientID: String, redirectURI: String) async throws -> LoginFlowStep {
        let body: JSONValue = .object([
            "client_id": .string(clientID),
            "handler": .array([.string("homeassistant"), .null]),
            "redirect_uri": .string(redirectURI),
        ])
        return try Self.step(try await http.send("POST", "/auth/login_flow", json: body))
    }

    /// `POST /auth/login_flow/<flow_id>`: answers a form.
    func submit(_ form: LoginForm, answers: [String: String], clientID: String) async throws -> LoginFlowStep {
        var fields = answers.mapValues(JSONValue.string)
        fields["client_id"] = .string(clientID)
        let flowID = PercentEncoding.encode(form.flowID, keeping: PercentEncoding.isAlphanumeric)
        return try Self.step(try await http.send("POST", "/auth/login_flow/\(flowID)", json: .object(fields)))
    }

    /// A form shown again with an error ends the flow with that error, except a wrong code,
    /// which the answerer may try again (it sees the error in the form).
    private static func checkErrors(of form: LoginForm) throws {
        switch form.errors["base"] {
        case nil, "invalid_code": return
        case "invalid_auth": throw AuthError.invalidCredentials
        case let other?: throw AuthError.flowAborted(reason: other)
        }
    }

    static func step(_ answer: (Int, JSONValue)) throws -> LoginFlowStep {
        let (status, body) = answer
        switch status {
        case 200..<300: break
        // Home Assistant gives no code for this refusal, only its text ("Invalid client id or
        // redirect url"): the one place the server's words decide, turned into a type here.
        case 400 where AuthHTTP.message(in: body).contains("client id"): throw AuthError.invalidClient(AuthHTTP.message(in: body))
        case 403, 429: throw AuthError.tooManyAttempts
        default: throw AuthError.server(status: status, message: AuthHTTP.message(in: body))
        }
        if let form = try LoginForm(json: body) { return .form(form) }
        let object = body.objectValue ?? [:]
        switch object["type"] {
        case .string("create_entry"):
            guard case .string(let code)? = object["result"] else { throw AuthError.invalidResponse("a finished login flow without a code") }
            return .code(code)
        case .string("abort"):
            guard case .string(let reason)? = object["reason"] else { throw AuthError.flowAborted(reason: "no reason given") }
            throw AuthError.flowAborted(reason: reason)
        default:
            throw AuthError.invalidResponse("a login flow step of unknown type")
        }
    }
}
