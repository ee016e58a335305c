import Networking

extension AuthError: SessionEndingError {
    /// A revoked session or a rejected client cannot be fixed by retrying.
    public var endsSession: Bool {
        switch self {
        case .revoked, .invalidClient: true
        default: false
        }
    }
}
