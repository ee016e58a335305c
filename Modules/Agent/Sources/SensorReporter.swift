import Foundation
import HAModels

/// Sends the enabled sensors to the server over the webhook: `register_sensor` for each one the
/// server does not know yet, then one `update_sensor_states` with every value. A result of
/// `not_registered` registers that sensor again; one marked disabled is not sent any more.
public struct SensorReporter: Sendable {
    let webhook: WebhookClient
    let sensors: [any LinuxSensor]
    let root: URL

    public init(webhook: WebhookClient, sensors: [any LinuxSensor], root: URL = URL(fileURLWithPath: "/")) {
        self.webhook = webhook
        self.sensors = sensors
        self.root = root
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
        guard !active.isEmpty else { return report }
        let updates: [JSONValue] = active.map { sensor in
            .object([
                "unique_id": .string(sensor.definition.uniqueID), "type": .string("sensor"),
                "state": sensor.read(root: root) ?? .string("unavailable"), "icon": .string(sensor.definition.icon),
            ])
        }
        let answer = try await webhook.send("update_sensor_states", .array(updates))?.objectValue ?? [:]
        for sensor in active {
            let id = sensor.definition.uniqueID
            let result = answer[id]?.objectValue ?? [:]
            if case .bool(true)? = result["is_disabled"] {
                settings.disabledByServer.insert(id)
                report.disabledByServer.append(id)
            }
            if case .bool(true)? = result["success"] {
                report.updated.append(id)
            } else if case .string("not_registered")? = result["error"]?.objectValue?["code"] {
                try await register(sensor)
                settings.registered.insert(id)
                report.registered.append(id)
            }
        }
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
