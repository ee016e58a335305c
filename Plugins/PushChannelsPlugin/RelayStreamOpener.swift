import Agent
import Essentials
import HomeAPI

/// The push relay's `/push/stream`, when the registration announces a relay (`--relay`), so
/// notifications Home Assistant sends through the relay arrive too.
struct RelayStreamOpener: NotificationChannel {
    func open(
        _ registration: AgentRegistration, home: Home, handler: NotificationHandler, log: @escaping @Sendable (String) -> Void
    ) async throws -> @Sendable () async -> Void {
        guard case .string(let url)? = registration.request.appData?["push_url"], case .string(let token)? = registration.request.appData?["push_token"] else {
            return {}
        }
        guard let channel = RelayPushChannel(pushURL: url, token: token, handler: handler, log: log) else {
            log("the push_url \(url) is not a relay's /push/send; not listening on it")
            return {}
        }
        let listening = Task { await channel.run() }
        return {
            listening.cancel()
            await listening.value
        }
    }
}
