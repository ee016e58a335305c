import Agent
import AgentContract

/// The agent's ``NotificationHistoryReading``: each server's history in its data folder.
struct StoredNotificationHistory: NotificationHistoryReading {
    let services: AgentServices

    func recent(server: String?, limit: Int) async throws -> [NotificationRecord] {
        let home = try await services.session.restore(server: server)
        return try NotificationHistory(folder: home.folders.data).recent(limit: limit)
    }
}
