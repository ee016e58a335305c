/// The kind of a ``HomeError``, to act on: `catch let error as HomeError where error.code == .permissionDenied`.
public enum HomeErrorCode: String, Sendable, Equatable, CaseIterable {
    /// The server no longer accepts this session: access was revoked.
    case permissionDenied
    /// No such entity, service or server.
    case notFound
    /// A value given to the API is not valid; the message names it.
    case invalidArgument
    /// The call needs something done first (such as `Home.configure`).
    case failedPrecondition
    /// The server could not be reached.
    case unavailable
    /// The operation did not finish in time.
    case deadlineExceeded
    /// Anything else; the message says what.
    case `internal`
}
