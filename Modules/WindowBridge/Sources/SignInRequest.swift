/// The settings page's sign-in to a server with a user name and password (Home Assistant's login
/// flow, as `home login URL --username NAME --password-stdin` does). The password is never
/// printed: not by `description`, not by a mirror.
public struct SignInRequest: Sendable, Equatable, CustomStringConvertible, CustomReflectable {
    /// The server's URL.
    public let server: String
    /// The user's name.
    public let username: String
    /// The user's password.
    public let password: String

    /// A sign-in to `server` as `username` with `password`.
    public init(server: String, username: String, password: String) {
        self.server = server
        self.username = username
        self.password = password
    }

    /// The request with its password left out.
    public var description: String { "SignInRequest(server: \(server), username: \(username), password: <redacted>)" }
    /// The server and the user name, without the password.
    public var customMirror: Mirror { Mirror(self, children: ["server": server, "username": username]) }
}
