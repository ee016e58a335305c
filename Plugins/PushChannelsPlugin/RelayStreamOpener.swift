import Agent
import Essentials
import HomeAPI

/// The push relay's `/push/stream`, when the registration announces a relay (`--relay`), so
/// notifications Home Assistant sends through the relay arrive too. The stream secret comes
/// from the credentials the relay issued, kept in the server's data folder.
struct RelayStreamOpener: NotificationChannel {
    func open(
        _ registration: AgentRegistration, home: Home, handler: NotificationHandler, logger: Logger
    ) async throws -> @Sendable () async -> Void {
        guard case .string(let url)? = registration.request.appData?["push_url"] else { return {} }
        guard let credentials = try RelayCredentials.load(from: home.folders.data), credentials.pushURL == url else {
            logger.info("no stream secret for the relay \(url) here; run 'home agent register --relay \(url)' to register with it")
            return {}
        }
        guard let channel = RelayPushChannel(credentials: credentials, handler: handler, logger: logger) else {
            logger.info("the push_url \(url) is not a relay's /push/send; not listening on it")
            return {}
        }
        let listening = Task { await channel.run() }
        return {
            listening.cancel()
            await listening.value
        }
    }
}
