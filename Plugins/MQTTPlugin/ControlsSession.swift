import Agent
import Essentials
import Foundation
import HAModels
import MQTT

/// One agent run's controls on the broker: what is announced on connect, and each command
/// performed, one at a time in the order they came (a volume set twice ends at the second value).
final class ControlsSession: @unchecked Sendable {
    let offered: [String: any Control]
    let withdrawn: [ControlDefinition]
    let topics: ControlTopics
    let registration: MobileAppRegistration
    let folder: URL
    let log: @Sendable (String) -> Void
    private let lock = NSLock()
    private var connection: MQTTConnection?
    private let commands: AsyncStream<(any Control, ControlCommand)>
    private let queue: AsyncStream<(any Control, ControlCommand)>.Continuation
    private var performing: Task<Void, Never>?

    init(offered: [any Control], withdrawn: [ControlDefinition], topics: ControlTopics, registration: MobileAppRegistration, folder: URL, log: @escaping @Sendable (String) -> Void) {
        self.offered = Dictionary(offered.map { ($0.definition.id, $0) }) { first, _ in first }
        self.withdrawn = withdrawn
        self.topics = topics
        self.registration = registration
        self.folder = folder
        self.log = log
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

    /// Ends the queue after the commands in it.
    func finish() async {
        queue.finish()
        await lock.withLock { performing }?.value
    }

    private func publish(_ message: MQTTMessage) {
        guard let connection = lock.withLock({ connection }) else { return }
        do {
            try connection.publish(message)
        } catch {
            log("mqtt: \(error)")
        }
    }

    /// On every (re)connect: online, the discovery configs, the states.
    func announce() {
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

    /// Every stateful control's state, retained.
    func publishStates() async {
        for control in offered.values where control.definition.kind != .button {
            if let state = await control.state() {
                publish(MQTTMessage(topic: topics.state(control.definition.id), text: state, qos: 1, retain: true))
            }
        }
    }

    /// A message on a command topic: performed, recorded, its state published again.
    func handle(_ message: MQTTMessage) {
        guard let id = topics.controlID(commandTopic: message.topic) else { return }
        guard let control = offered[id] else { return log("mqtt: a command for \(id), which is not enabled here; ignored") }
        guard let text = message.text, let command = ControlCommand(payload: text, for: control.definition.kind) else {
            return log("mqtt: \(id) got a payload that is not a command for it (\(message.payload.count) bytes); ignored")
        }
        queue.yield((control, command))
    }

    private func perform(_ command: ControlCommand, on control: any Control) async {
        let id = control.definition.id
        var failure: String?
        do {
            try await control.perform(command)
            log("control \(id): \(command)")
        } catch {
            failure = "\(error)"
            log("control \(id): \(command) failed: \(error)")
        }
        let outcome = ControlOutcome(at: Date(), command: command.description, error: failure)
        do {
            try await ControlSettings.update(in: folder) { $0.lastCommands[id] = outcome }
        } catch {
            log("control \(id): its outcome was not recorded: \(error)")
        }
        if control.definition.kind != .button, let state = await control.state() {
            publish(MQTTMessage(topic: topics.state(id), text: state, qos: 1, retain: true))
        }
    }
}
