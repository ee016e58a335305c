/// An access token as the frontend takes it through external authentication.
public struct ExternalToken: Sendable, Equatable {
    /// The bearer token the frontend's WebSocket authenticates with.
    public let accessToken: String
    /// Seconds until it expires, counted from now.
    public let expiresIn: Int

    /// Creates a token.
    public init(accessToken: String, expiresIn: Int) {
        self.accessToken = accessToken
        self.expiresIn = expiresIn
    }
}
