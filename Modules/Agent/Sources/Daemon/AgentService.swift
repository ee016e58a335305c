import Essentials
import HomeAPI

/// Something that runs beside the agent's daemon once the device is registered (the MQTT
/// transport of controls), until the daemon stops.
public protocol AgentService: Sendable {
    /// Starts for `registration` of `home`; returns what stops it again.
    func start(_ registration: AgentRegistration, home: Home, logger: Logger) async throws -> @Sendable () async -> Void
}
