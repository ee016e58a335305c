import Agent
import AgentContract

/// The agent's ``NotificationHistoryAccess``: each server's history in its data folder, and its
/// actions pressed through the device's webhook queue.
struct StoredNotificationHistory: NotificationHistoryAccess {
    let services: AgentServices

    func recent(server: String?, limit: Int) async throws -> [NotificationRecord] {
        let home = try await services.session.restore(server: server)
        return try NotificationHistory(folder: home.folders.data).recent(limit: limit)
    }

    func press(_ action: String, text: String?, notification id: Int64, server: String?) async throws -> String {
        let session = try await AgentSession(server: server, services: services)
        guard let notification = try NotificationHistory(folder: session.home.folders.data).notification(id: id) else {
            throw NotificationActionError.unknownNotification(id)
        }
        let responder = NotificationResponder { type, data in try await session.queueAndSend(type, data) }
        return try await responder.press(action, text: text, on: notification)
    }
}
