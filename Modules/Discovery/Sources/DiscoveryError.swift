/// Why servers on the network could not be looked for.
public enum DiscoveryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Avahi is not running, or refused to browse.
    case avahiUnavailable(String)
    /// Avahi answered in a shape its API does not have.
    case unexpectedAnswer(String)

    public var description: String {
        switch self {
        case .avahiUnavailable(let why): "servers on the network cannot be looked for: Avahi (avahi-daemon) is not reachable (\(why))"
        case .unexpectedAnswer(let what): "Avahi answered in an unexpected shape: \(what)"
        }
    }
}
