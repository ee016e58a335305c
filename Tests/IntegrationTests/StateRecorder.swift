import Foundation
import Networking

/// Collects a connection's states and waits for one that matches.
actor StateRecorder {
    private(set) var seen: [ConnectionState] = []
    private var task: Task<Void, Never>?

    init(_ connection: HomeAssistantConnection) async {
        let updates = await connection.stateUpdates()
        task = Task { for await state in updates { self.record(state) } }
    }

    private func record(_ state: ConnectionState) { seen.append(state) }

    /// Waits up to `timeout` seconds for a state after index `from` that satisfies `match`.
    func wait(from: Int = 0, timeout: Double = 30, _ match: (ConnectionState) -> Bool) async -> ConnectionState? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let state = seen.dropFirst(from).first(where: match) { return state }
            try? await Task.sleep(nanoseconds: 50_000_000)
        }
        return nil
    }

    var count: Int { seen.count }
}
