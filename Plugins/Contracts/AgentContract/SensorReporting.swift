/// The sensors this machine can report and, per server, which do: none reports until the user
/// turns it on.
public protocol SensorReporting: Sendable {
    /// Every sensor with its value now and whether it reports to `server` (else the default
    /// server); all off when no session is stored.
    func sensors(server: String?) async throws -> [SensorChoice]
    /// Turns reporting of `ids` on or off for `server`; throws for an id no sensor has, or when
    /// not signed in. Returns the server it applied to.
    @discardableResult
    func setReporting(_ ids: [String], on: Bool, server: String?) async throws -> String
}
