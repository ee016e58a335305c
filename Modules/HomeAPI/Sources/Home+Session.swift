import Auth
import Essentials
import FoundationEssentials
import Networking

extension Home {
    /// Configures the shared client (``HomeClient/configure(_:)``); every other call needs it first.
    public static func configure(_ body: (inout HomeClientConfiguration) throws -> Void) throws {
        try HomeClient.shared.configure(body)
    }

    /// The session for `server` on the shared client, restored or signed in (``HomeClient/connect(to:using:)``).
    public static func connect(to server: String, using method: SignInMethod) async throws -> Home {
        try await HomeClient.shared.connect(to: server, using: method)
    }

    /// The stored session for the default server, or nil when there is none, as the seed's
    /// `checkPermissions()` expects; a client not configured or a credential file that cannot be
    /// read also gives nil, with the reason logged. Whether access still holds shows at the first
    /// call (`structures().list()`).
    public static func restoreSession() async -> Home? {
        do {
            return try await HomeClient.shared.restoreSession(server: nil)
        } catch {
            Current.logger("home").warning("no session restored: \(error)")
            return nil
        }
    }

    /// The stored session for `server` on the shared client (``HomeClient/restoreSession(server:)``).
    public static func restoreSession(server: String) async throws -> Home? {
        try await HomeClient.shared.restoreSession(server: server)
    }

    /// Signs in to `server` on the shared client (``HomeClient/signIn(to:using:)``).
    public static func signIn(to server: String, using method: SignInMethod) async throws -> Home {
        try await HomeClient.shared.signIn(to: server, using: method)
    }

    /// Keeps a structure hint for a person not signed in yet (``HomeClient/migrating(structureID:)``).
    public static func migrating(structureID: String) async throws {
        try await HomeClient.shared.migrating(structureID: structureID)
    }

    /// The servers with a stored session on the shared client, the default first.
    public static func servers() throws -> [ServerSummary] {
        try HomeClient.shared.servers()
    }

    static func address(_ text: String) throws(HomeError) -> ServerAddress {
        do {
            return try ServerAddress(text)
        } catch {
            throw .invalidField("server", error.description)
        }
    }
}
