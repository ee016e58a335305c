import Auth
import Networking

extension HomeError {
    /// The Home API's view of an error from the layers below.
    init(converting error: any Error) {
        switch error {
        case let error as HomeError: self = error
        case let error as AuthError: self.init(authError: error)
        case let error as RESTError: self.init(restError: error)
        case let error as HomeAssistantError: self.init(connectionError: error)
        case let error as CredentialStoreError: self.init(.internal, "\(error)")
        default: self.init(.internal, "\(error)")
        }
    }

    private init(authError error: AuthError) {
        switch error {
        case .revoked: self.init(.permissionDenied, "\(error)")
        case .invalidCredentials, .invalidCode, .stateMismatch, .authorizationDenied: self.init(.permissionDenied, "\(error)")
        case .answerRequired, .invalidClient: self.init(.invalidArgument, "\(error)")
        case .tooManyAttempts, .flowAborted, .tooManySteps: self.init(.failedPrecondition, "\(error)")
        case .timedOut: self.init(.deadlineExceeded, "\(error)")
        case .transport: self.init(.unavailable, "\(error)")
        case .listenerFailed, .server, .invalidResponse: self.init(.internal, "\(error)")
        }
    }

    private init(restError error: RESTError) {
        switch error {
        case .unauthorized: self.init(.permissionDenied, "\(error)")
        case .notFound: self.init(.notFound, "\(error)")
        case .badRequest: self.init(.invalidArgument, "\(error)")
        case .transport: self.init(.unavailable, "\(error)")
        case .status, .tooLarge, .invalidResponse: self.init(.internal, "\(error)")
        }
    }

    private init(connectionError error: HomeAssistantError) {
        switch error {
        case .authenticationFailed: self.init(.permissionDenied, "\(error)")
        case .notReady: self.init(.unavailable, "\(error)")
        case .connectionLost: self.init(.unavailable, "\(error)")
        case .server(let serverError) where serverError.code == "not_found": self.init(.notFound, "\(error)")
        case .server(let serverError) where serverError.code == "invalid_format": self.init(.invalidArgument, "\(error)")
        case .server(let serverError) where serverError.code == "unauthorized": self.init(.permissionDenied, "\(error)")
        case .server, .stopped, .invalidResponse: self.init(.internal, "\(error)")
        }
    }

    /// Whether the error means the server no longer accepts the session (not a wrong password).
    static func meansRevoked(_ error: any Error) -> Bool {
        switch error {
        case AuthError.revoked, RESTError.unauthorized, HomeAssistantError.authenticationFailed: true
        default: false
        }
    }
}
