import CLIKit
import Essentials
import HomeAPI
import PluginHost

/// The signed-in sessions as other plugins' commands reach them: the `session.access` capability
/// the session plugin provides once the `Home` entry point is configured.
public struct SessionAccess: Sendable {
    /// The capability's key.
    public static let key = CapabilityKey<SessionAccess>(name: "session.access")

    init() {}

    /// The stored session for `server`, else `HOME_SERVER`, else the default server; a usage
    /// error that says how to get one when there is none.
    public func restore(server: String?, advice: String = "run 'home login URL' first") async throws -> Home {
        guard let home = try await stored(server: server) else {
            let server = Self.server(option: server)
            throw UsageError("not signed in\(server.map { " to \($0)" } ?? ""): \(advice)")
        }
        return home
    }

    /// The stored session for `server` (else `HOME_SERVER`, else the default server), or nil
    /// when none is stored, for commands that also work signed out.
    public func stored(server: String?) async throws -> Home? {
        try await Home.restoreSession(server: Self.server(option: server))
    }

    /// The server and token a command talks to (`--server`/`--token-file`, their variables, or the
    /// stored session), checked on the server.
    public func credentials(_ invocation: Invocation) async throws -> ServerCredentials {
        try await ServerCredentials(invocation, session: self)
    }

    /// `--server`, else `HOME_SERVER`; nil for the default server.
    static func server(option: String?) -> String? {
        (option ?? Current.environment()["HOME_SERVER"]).flatMap { $0.isEmpty ? nil : $0 }
    }
}
