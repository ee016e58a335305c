import CLIKit
import ConnectionContract
import Essentials
import Matter
import Networking
import SessionContract
import ThreadContract
import WindowBridge

/// What the matter plugin's commands use: the session, connections, the Thread store.
struct MatterServices: Sendable {
    let session: any SessionAccess
    let connections: any ConnectionFactory
    let thread: any ThreadNetworkSharing

    /// Runs `body` with a commissioner over a ready connection to the server `selection` names;
    /// fails after `timeout` seconds when the server does not answer.
    func withCommissioner<T: Sendable>(
        _ selection: ServerSelection, timeout: Double = 15, _ body: (MatterCommissioner, ServerCredentials) async throws -> T
    ) async throws -> T {
        let credentials = try await session.credentials(selection)
        return try await connections.withReadyConnection(
            to: credentials.address, tokens: credentials.tokenProvider, timeout: timeout, unreachable: MatterCommissioningError.serverUnreachable
        ) { connection in
            try await body(MatterCommissioner(connection: ConnectionMatterServer(connection: connection)), credentials)
        }
    }

    /// Commissions the device of `code` (checked already) into the server `selection` names: the
    /// integration checked, `network` given to the Matter Server (nil: none), the device
    /// commissioned (looked for on the IP network only with `networkOnly`; a progress line every
    /// 15 s), and the new device found in the registry within `timeout` s.
    func commission(
        code: String, network: MatterNetworkChoice?, networkOnly: Bool, selection: ServerSelection, timeout: Double, progress: @escaping @Sendable (String) -> Void
    ) async throws -> MatterDevice {
        try await withCommissioner(selection) { commissioner, credentials in
            try await commissioner.requireIntegration()
            switch network {
            case .wifi(let ssid, let password):
                try await commissioner.setWiFi(ssid: ssid, password: password)
                progress("the Matter Server has the Wi-Fi network \(ssid)")
            case .preferredThread, .thread:
                let id: String? = if case .thread(let id) = network { id } else { nil }
                if let (chosen, dataset) = try await thread.dataset(id, server: "\(credentials.server)") {
                    try await commissioner.setThread(datasetHex: dataset)
                    progress("the Matter Server has the Thread network \(chosen.name ?? chosen.id)")
                } else {
                    progress("the server prefers no Thread network: none given (a Thread device then cannot join; 'home thread prefer NETWORK')")
                }
            case .onNetwork, nil:
                break
            }
            let known = Set(try await commissioner.devices().map(\.id))
            progress("commissioning through \(credentials.server); this takes a minute or more…")
            let started = Deadline(in: 0)
            let ticking = Task {
                while !Task.isCancelled {
                    try await Current.sleep(15)
                    progress("still commissioning (\(Int(-started.remaining)) s)…")
                }
            }
            defer { ticking.cancel() }
            try await commissioner.commission(code: code, networkOnly: networkOnly)
            ticking.cancel()
            progress("commissioned; waiting for it in the device registry…")
            return try await commissioner.newDevice(besides: known, within: timeout)
        }
    }
}
