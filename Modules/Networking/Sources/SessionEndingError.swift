import Transport

/// An error a ``TokenProvider`` throws when no retry can help, such as a refresh token the
/// server revoked: a connection that meets one stops instead of reconnecting.
public protocol SessionEndingError: Error {
    /// Whether this error ends the session.
    var endsSession: Bool { get }
}
