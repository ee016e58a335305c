/// A bearer token for a Home Assistant server that never shows itself in text.
///
/// Its `description`, `debugDescription` and reflection print `<redacted>`, so a token
/// interpolated into a log line or an error message by mistake does not leak.
public struct AccessToken: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable {
    /// The token itself, for the `Authorization` header only.
    public let secret: String

    /// Wraps a token; an empty or whitespace-bearing token is rejected.
    public init?(_ secret: String) {
        guard !secret.isEmpty, !secret.contains(where: \.isWhitespace) else { return nil }
        self.secret = secret
    }

    /// The `Authorization` header value.
    public var authorizationHeader: String { "Bearer \(secret)" }

    public var description: String { "AccessToken(<redacted>)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
