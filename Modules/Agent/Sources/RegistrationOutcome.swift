/// What ``MobileAppRegistrar/ensureRegistered()`` did.
public enum RegistrationOutcome: String, Sendable, Equatable {
    /// First registration with this server.
    case registered
    /// Something changed (version, name, relay) and `update_registration` told the server.
    case updated
    /// Nothing changed.
    case unchanged
    /// The server had deleted the integration; registered again.
    case registeredAgain
}
