import CLIKit
import ConnectionContract
import Essentials
import FoundationEssentials
import Networking
import SessionContract
import SessionCommandKit
import Thread
import Transport

/// What the `thread` commands share: the store, and a connection to the server a command names.
struct ThreadServices: Sendable {
    let session: any SessionAccess
    let connections: any ConnectionFactory
    let borderRouterTimeout: Double

    /// A client of the border router at `url`.
    func borderRouter(_ url: String) throws(BorderRouterError) -> BorderRouterClient {
        try BorderRouterClient(url: url, http: HTTPClient(connectTimeout: min(5, borderRouterTimeout), timeout: borderRouterTimeout))
    }

    /// The credential store, in the data folder (`thread/thread.sqlite`, 0600).
    func store() throws -> ThreadCredentialStore {
        try ThreadCredentialStore(folder: Current.directories().data.appendingPathComponent("thread"))
    }

    /// Runs `body` with a sync over a ready connection to the server `invocation` names; fails
    /// after `timeout` seconds when the server does not answer.
    func withSync<T: Sendable>(_ invocation: Invocation, timeout: Double = 15, _ body: (ThreadSync) async throws -> T) async throws -> T {
        try await withSync(try invocation.serverSelection(), timeout: timeout, body)
    }

    /// Runs `body` with a sync over a ready connection to the server `selection` names.
    func withSync<T: Sendable>(_ selection: ServerSelection, timeout: Double = 15, _ body: (ThreadSync) async throws -> T) async throws -> T {
        let credentials = try await session.credentials(selection)
        return try await connections.withReadyConnection(
            to: credentials.address, tokens: credentials.tokenProvider, timeout: timeout, unreachable: ThreadSyncError.init
        ) { connection in
            try await body(ThreadSync(connection: connection, store: try store(), server: "\(credentials.server)"))
        }
    }
}
