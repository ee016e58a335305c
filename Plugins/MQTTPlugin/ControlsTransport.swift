import Agent
import Essentials
import FoundationEssentials
import Glibc
import HomeAPI
import MQTT

/// The controls over MQTT while the agent runs: connects to the broker with this machine's client
/// id and a last will (`offline` on the availability topic, retained), and on every connect
/// announces `online`, the discovery configs of the enabled controls (an empty config removes a
/// disabled one), and their states; performs each command as it comes (QoS 1), records what it
/// did in `controls.json`, and publishes the state again. States are also published every
/// ``statePeriod`` seconds. Stopping announces `offline` and disconnects.
struct ControlsTransport: AgentService {
    /// Seconds between state publications.
    static let statePeriod = 30.0

    let configuration: MQTTConfiguration
    let controls: @Sendable () -> [any Control]

    func start(_ registration: AgentRegistration, home: Home, logger agentLogger: Logger) async throws -> @Sendable () async -> Void {
        let logger = agentLogger.labeled("mqtt")
        guard let broker = configuration.broker else {
            logger.info("no broker in the manifest's mqtt configuration; controls are not offered")
            return {}
        }
        let folder = home.folders.data
        let stored = try ControlSettings.load(from: folder)
        let enabled = stored.enabled
        let all = controls()
        let offered = all.filter { enabled.contains($0.definition.id) }
        let deviceID = registration.request.deviceID ?? registration.response.webhookID
        let topics = ControlTopics(deviceID: deviceID, topicPrefix: configuration.topicPrefix, discoveryPrefix: configuration.discoveryPrefix)
        let settings = MQTTSettings(
            broker: broker, clientID: "homecompanion-\(topics.node)", username: configuration.username, password: try password(),
            caFile: configuration.caFile, will: MQTTMessage(topic: topics.availability, text: "offline", qos: 1, retain: true)
        )
        let session = ControlsSession(
            offered: offered, withdrawn: all.filter { !enabled.contains($0.definition.id) }.map(\.definition), topics: topics,
            registration: registration.request, folder: folder, lastOnline: stored.lastOnline, logger: logger
        )
        let connection = try MQTTConnection(
            settings: settings, subscriptions: [topics.commands], connected: { session.announce() }, received: { session.handle($0) }, logger: logger
        )
        session.attach(connection)
        try connection.start()
        logger.info("offering \(offered.count) control(s) on \(broker.host):\(broker.port) as \(topics.base)\(offered.isEmpty ? " ('home controls enable ID' offers one)" : "")")
        let publishing = Task {
            // Said once when the broker cannot be reached soon after the start; the connection keeps trying.
            try? await Current.sleep(5)
            if !Task.isCancelled, !connection.connectedNow {
                logger.info("the broker \(broker.host):\(broker.port) cannot be reached yet; trying again (1 s doubling to 30 s)")
            }
            while !Task.isCancelled {
                try? await Current.sleep(Self.statePeriod)
                if !Task.isCancelled { await session.publishStates() }
            }
        }
        return {
            publishing.cancel()
            await session.finish()
            try? connection.publish(MQTTMessage(topic: topics.availability, text: "offline", qos: 1, retain: true))
            // Give the network thread a moment to send the offline state before disconnecting.
            try? await Current.sleep(0.2)
            connection.stop()
        }
    }

    /// The password from `passwordFile`, which only its owner may read.
    private func password() throws -> String? {
        guard let path = configuration.passwordFile else { return nil }
        var status = stat()
        guard stat(path, &status) == 0 else { throw MQTTError("mqtt passwordFile \(path) cannot be read") }
        guard status.st_mode & 0o077 == 0 else { throw MQTTError("mqtt passwordFile \(path) can be read by others; chmod 600 it") }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        guard let line = text.split(whereSeparator: \.isNewline).first, !line.isEmpty else { throw MQTTError("mqtt passwordFile \(path) is empty") }
        return String(line)
    }
}
