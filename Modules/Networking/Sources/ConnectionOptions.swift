import Transport

/// How a ``HomeAssistantConnection`` connects, retries and watches its connection.
public struct ConnectionOptions: Sendable {
    public var webSocket: WebSocketOptions
    /// The first reconnect delay, in seconds; it doubles up to ``maximumReconnectDelay``.
    public var reconnectDelay: Double
    public var maximumReconnectDelay: Double
    /// Seconds between pings while idle, and how long a pong may take before the connection is reset.
    public var pingInterval: Double
    public var pingTimeout: Double
    /// How long a request made while not ready waits for the connection.
    public var requestRetryWindow: Double
    /// Seconds the server has, once connected, to ask for the token and answer it (pings start
    /// only afterwards); a server that stays silent is left and tried again.
    public var authenticationTimeout: Double

    /// Creates options; the defaults ping every 60 s, retry after 1, 2, 4 … up to 30 s, and give
    /// the server 30 s to authenticate (a busy one checking a failed login can be slow).
    public init(
        webSocket: WebSocketOptions = WebSocketOptions(), reconnectDelay: Double = 1, maximumReconnectDelay: Double = 30,
        pingInterval: Double = 60, pingTimeout: Double = 10, requestRetryWindow: Double = 30, authenticationTimeout: Double = 30
    ) {
        self.authenticationTimeout = authenticationTimeout
        self.webSocket = webSocket
        self.reconnectDelay = reconnectDelay
        self.maximumReconnectDelay = maximumReconnectDelay
        self.pingInterval = pingInterval
        self.pingTimeout = pingTimeout
        self.requestRetryWindow = requestRetryWindow
    }

    /// The delay before reconnect attempt `attempt` (0-based), with jitter between half and all of it.
    func reconnectDelay(attempt: Int) -> Double {
        let base = min(maximumReconnectDelay, reconnectDelay * Double(1 << min(attempt, 20)))
        return base * Double.random(in: 0.5...1.0)
    }
}
