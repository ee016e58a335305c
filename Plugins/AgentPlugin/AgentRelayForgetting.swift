import Agent
import Essentials
import HomeAPI

/// When a server is forgotten, this machine's registration at its push relay goes too
/// (`DELETE /push/register`): nothing stays queued there for a device that is gone. A relay
/// that cannot be reached is said in the log; the credentials go with the server's folders.
struct AgentRelayForgetting: ServerForgetting {
    func forget(_ home: Home) async {
        let logger = Current.logger("agent")
        do {
            guard let credentials = try RelayCredentials.load(from: home.folders.data) else { return }
            try await RelayEnrollment().unregister(credentials)
            logger.info("the relay \(credentials.pushURL) forgot this machine")
        } catch {
            logger.warning("the push relay was not told to forget this machine: \(error)")
        }
    }
}
