/// What a person answered when asked whether a link may act on the server.
enum LinkAnswer: Equatable {
    /// Run it this time.
    case once
    /// Run it, and from now on without asking (for this server).
    case always
    /// Do not run it.
    case declined
}
