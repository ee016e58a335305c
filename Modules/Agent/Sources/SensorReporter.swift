import Essentials
import FoundationEssentials

/// Sends the enabled sensors to the server over the webhook: `register_sensor` for each one the
/// registration does not have yet, then each value as an `update_sensor_states` through the
/// durable queue (the newest value per sensor wins while the server is away). A result of
/// `not_registered` registers that sensor again; one marked disabled is not sent any more.
public struct SensorReporter: Sendable {
    let webhook: WebhookClient
    let queue: WebhookQueue
    let sensors: [any LinuxSensor]
    let root: URL

    public init(webhook: WebhookClient, queue: WebhookQueue, sensors: [any LinuxSensor], root: URL = URL(fileURLWithPath: "/")) {
        self.webhook = webhook
        self.queue = queue
        self.sensors = sensors
        self.root = root
    }

    /// Reports with the settings kept in `folder` (the server's data folder), and keeps what changed.
    public func report(settingsIn folder: URL, webhookID: String) async throws -> (SensorReport, SensorSettings) {
        var reported = try SensorSettings.load(from: folder)
        let report = try await report(&reported, webhookID: webhookID)
        // Only what the report learnt is written back, under the lock: a sensor the user enabled
        // or disabled while it ran stays so.
        let kept = try SensorSettings.update(in: folder) { settings in
            settings.registered = reported.registered
            settings.registeredWebhookID = reported.registeredWebhookID
            settings.disabledByServer = reported.disabledByServer
            return settings
        }
        return (report, kept)
    }

    /// Reports the sensors `settings` enables (and the server has not disabled), registering
    /// first those this registration (`webhookID`) does not have; records in `settings` what was
    /// registered and what the server disabled.
    public func report(_ settings: inout SensorSettings, webhookID: String) async throws -> SensorReport {
        if settings.registeredWebhookID != webhookID {
            settings.registered = []
            settings.registeredWebhookID = webhookID
        }
        var report = SensorReport()
        let active = sensors.filter { settings.enabled.contains($0.definition.uniqueID) && !settings.disabledByServer.contains($0.definition.uniqueID) }
        for sensor in active where !settings.registered.contains(sensor.definition.uniqueID) {
            try await register(sensor)
            settings.registered.insert(sensor.definition.uniqueID)
            report.registered.append(sensor.definition.uniqueID)
        }
        for sensor in active {
            let update: JSONValue = .object([
                "unique_id": .string(sensor.definition.uniqueID), "type": .string("sensor"),
                "state": sensor.read(root: root) ?? .string("unavailable"), "icon": .string(sensor.definition.icon),
            ])
            // The newest value of a sensor replaces one still waiting.
            try queue.enqueue("update_sensor_states", .array([update]), key: "sensor:" + sensor.definition.uniqueID)
        }
        let known = Dictionary(uniqueKeysWithValues: sensors.map { ($0.definition.uniqueID, $0) })
        var changed = settings
        try await queue.flush(through: webhook) { type, _, answer in
            guard type == "update_sensor_states" else { return }
            for (id, result) in answer?.objectValue ?? [:] {
                let fields = result.objectValue ?? [:]
                if case .bool(true)? = fields["is_disabled"] {
                    changed.disabledByServer.insert(id)
                    report.disabledByServer.append(id)
                }
                if case .bool(true)? = fields["success"] {
                    report.updated.append(id)
                } else if case .string("not_registered")? = fields["error"]?.objectValue?["code"], let sensor = known[id] {
                    try await register(sensor)
                    changed.registered.insert(id)
                    report.registered.append(id)
                }
            }
        }
        settings = changed
        return report
    }

    private func register(_ sensor: any LinuxSensor) async throws {
        let definition = sensor.definition
        var fields: [String: JSONValue] = [
            "unique_id": .string(definition.uniqueID), "name": .string(definition.name), "type": .string("sensor"),
            "state": sensor.read(root: root) ?? .string("unavailable"), "icon": .string(definition.icon),
        ]
        if let deviceClass = definition.deviceClass { fields["device_class"] = .string(deviceClass) }
        if let stateClass = definition.stateClass { fields["state_class"] = .string(stateClass) }
        if let unit = definition.unit { fields["unit_of_measurement"] = .string(unit) }
        if let category = definition.entityCategory { fields["entity_category"] = .string(category) }
        _ = try await webhook.send("register_sensor", .object(fields))
    }
}
