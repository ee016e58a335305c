import Agent
import Essentials
import FoundationEssentials
import HAModels
import MQTT

/// One agent run's controls on the broker: what is announced on connect, and each command
/// performed, one at a time in the order they came (a volume set twice ends at the second value).
///
/// Only fresh commands run. A retained message on a command topic is never performed (whoever
/// retained it would have it performed at every connect, a reboot at every login) and is
/// cleared. Commands the broker kept for the agent's session while it was away run when it is
/// back only if it was away at most ``freshness`` seconds. After a longer absence (or when no
/// earlier contact is known) the agent sends itself a mark on connecting: the broker delivers
/// what it kept for the session first, so every command before the mark comes back is that
/// backlog and is dropped with a log line (for at most ``backlogPatience`` seconds, should the
/// mark be lost).
final class ControlsSession: @unchecked Sendable {
    /// Seconds of absence after which queued commands are stale.
    static let freshness = 120.0
    /// Seconds after a connect after which commands run even if the mark has not come back.
    static let backlogPatience = 10.0

    let offered: [String: any Control]
    let withdrawn: [ControlDefinition]
    let topics: ControlTopics
    let registration: MobileAppRegistration
    let folder: URL
    let logger: Logger
    private let lock = Lock()
    private var connection: MQTTConnection?
    private let commands: AsyncStream<(any Control, ControlCommand)>
    private let queue: AsyncStream<(any Control, ControlCommand)>.Continuation
    private var performing: Task<Void, Never>?
    /// When the agent was last on the broker; while its backlog is dropped, the mark that ends it
    /// and until when at most.
    private var lastContact: Date?
    private var backlogMark: String?
    /// When the backlog ends, on the monotonic clock.
    private var backlogUntil = -Double.infinity
    private var staleAbsence = ""

    init(
        offered: [any Control], withdrawn: [ControlDefinition], topics: ControlTopics, registration: MobileAppRegistration, folder: URL,
        lastOnline: Date?, logger: Logger
    ) {
        lastContact = lastOnline
        self.offered = Dictionary(offered.map { ($0.definition.id, $0) }) { first, _ in first }
        self.withdrawn = withdrawn
        self.topics = topics
        self.registration = registration
        self.folder = folder
        self.logger = logger
        (commands, queue) = AsyncStream.makeStream(of: (any Control, ControlCommand).self)
    }

    /// Publishes through `connection` and starts performing commands.
    func attach(_ connection: MQTTConnection) {
        let commands = commands
        lock.withLock {
            self.connection = connection
            performing = Task { [weak self] in
                for await (control, command) in commands { await self?.perform(command, on: control) }
            }
        }
    }

    /// Ends the queue after the commands in it, and remembers when the agent was last on the broker.
    func finish() async {
        queue.finish()
        await lock.withLock { performing }?.value
        await rememberContact()
    }

    /// Saves when the agent was last on the broker, while it is.
    private func rememberContact() async {
        guard lock.withLock({ connection?.connectedNow }) == true else { return }
        let now = Current.now()
        lock.withLock { lastContact = now }
        do {
            try await ControlSettings.update(in: folder) { $0.lastOnline = now }
        } catch {
            logger.warning("when the agent was last on the broker was not saved: \(error)")
        }
    }

    private func publish(_ message: MQTTMessage) {
        guard let connection = lock.withLock({ connection }) else { return }
        do {
            try connection.publish(message)
        } catch {
            logger.warning("\(error)")
        }
    }

    /// On every (re)connect: online, the discovery configs, the states. After a long absence,
    /// what the broker kept meanwhile is the backlog to drop.
    func announce() {
        let now = Current.now()
        let mark = lock.withLock { () -> String? in
            let away = lastContact.map { now.timeIntervalSince($0) }
            lastContact = now
            guard away.map({ $0 > Self.freshness }) ?? true else { return nil }
            backlogMark = UUID().uuidString
            backlogUntil = Current.uptime() + Self.backlogPatience
            staleAbsence = away.map { "\(Int($0)) s" } ?? "for a time not known"
            return backlogMark
        }
        if let mark { publish(MQTTMessage(topic: topics.backlogEnd, text: mark, qos: 1)) }
        publish(MQTTMessage(topic: topics.availability, text: "online", qos: 1, retain: true))
        for definition in withdrawn {
            publish(MQTTMessage(topic: topics.discovery(definition), payload: [], qos: 1, retain: true))
        }
        for control in offered.values.sorted(by: { $0.definition.id < $1.definition.id }) {
            let config = ControlDiscovery.config(control.definition, topics: topics, registration: registration)
            guard let text = try? JSONSerializer.string(config) else { continue }
            publish(MQTTMessage(topic: topics.discovery(control.definition), text: text, qos: 1, retain: true))
        }
        Task { await publishStates() }
    }

    /// Every stateful control's state, retained; and when the agent was last on the broker.
    func publishStates() async {
        await rememberContact()
        for control in offered.values where control.definition.kind != .button {
            if let state = await control.state() {
                publish(MQTTMessage(topic: topics.state(control.definition.id), text: state, qos: 1, retain: true))
            }
        }
    }

    /// A fresh message on a command topic: performed, recorded, its state published again.
    func handle(_ message: MQTTMessage) {
        guard let id = topics.controlID(commandTopic: message.topic) else { return }
        guard message.topic != topics.backlogEnd else {
            return lock.withLock { if message.text == backlogMark { backlogMark = nil } }
        }
        guard !message.retain else {
            logger.info("a retained command for \(id) is never performed; cleared from the broker")
            return publish(MQTTMessage(topic: message.topic, payload: [], qos: 1, retain: true))
        }
        guard message.payload.count > 0 else { return }
        let (stale, absence) = lock.withLock { (backlogMark != nil && Current.uptime() < backlogUntil, staleAbsence) }
        guard !stale else {
            return logger.info("a command for \(id) queued while the agent was away (\(absence), over \(Int(Self.freshness)) s) is dropped")
        }
        guard let control = offered[id] else { return logger.info("a command for \(id), which is not enabled here; ignored") }
        guard let text = message.text, let command = ControlCommand(payload: text, for: control.definition.kind) else {
            return logger.info("\(id) got a payload that is not a command for it (\(message.payload.count) bytes); ignored")
        }
        queue.yield((control, command))
    }

    private func perform(_ command: ControlCommand, on control: any Control) async {
        let id = control.definition.id
        var failure: String?
        do {
            try await control.perform(command)
            logger.info("control \(id): \(command)")
        } catch {
            failure = "\(error)"
            logger.warning("control \(id): \(command) failed: \(error)")
        }
        let outcome = ControlOutcome(at: Current.now(), command: command.description, error: failure)
        do {
            try await ControlSettings.update(in: folder) { $0.lastCommands[id] = outcome }
        } catch {
            logger.warning("control \(id): its outcome was not recorded: \(error)")
        }
        if control.definition.kind != .button, let state = await control.state() {
            publish(MQTTMessage(topic: topics.state(id), text: state, qos: 1, retain: true))
        }
    }
}
