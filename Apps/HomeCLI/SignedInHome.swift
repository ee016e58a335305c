import CLIKit
import HomeAPI

/// The stored session a command works with, or a usage error that says how to get one.
enum SignedInHome {
    /// The session for `server` (the default server when nil).
    static func restore(server: String?, advice: String = "run 'home login URL' first") async throws -> Home {
        guard let home = try await Home.restoreSession(server: server) else {
            throw UsageError("not signed in\(server.map { " to \($0)" } ?? ""): \(advice)")
        }
        return home
    }
}
