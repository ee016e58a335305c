import Essentials

/// What an automation does.
public enum AutomationAction: Sendable, Equatable {
    /// A typed device command (checked against the device when the automation is created).
    case command(entityID: String, DeviceCommand)
    /// A service call as Home Assistant stores it (what a command becomes once saved); checked
    /// to be a service the server has when created.
    case service(String, entityIDs: [String], data: [String: JSONValue])
    /// Wait this many seconds.
    case delay(seconds: Double)
    /// A notification through a `notify` service (`notify.notify` by default).
    case notify(service: String, message: String, title: String?)
    /// A scene activated (`scene.turn_on`).
    case scene(entityID: String)
    /// An action the model does not cover, kept as the server has it.
    case raw(JSONValue)

    init(configuration value: JSONValue) {
        let fields = value.objectValue ?? [:]
        let target = fields["target"]?.objectValue
        let targetEntities = AutomationJSON.entities(target?["entity_id"] ?? .array([]))
        let plainTarget = Set(target?.keys ?? [:].keys).isSubset(of: ["entity_id"])
        if let service = fields["service"]?.stringValue, service.hasPrefix("notify."), Set(fields.keys).isSubset(of: ["service", "data"]),
           let data = fields["data"]?.objectValue, Set(data.keys).isSubset(of: ["message", "title"]), let message = data["message"]?.stringValue,
           let title = AutomationJSON.optionalString(data["title"]) {
            self = .notify(service: service, message: message, title: title.value)
        } else if fields["service"]?.stringValue == "scene.turn_on", Set(fields.keys) == ["service", "target"], plainTarget,
                  let entities = targetEntities, entities.count == 1 {
            self = .scene(entityID: entities[0])
        } else if let service = fields["service"]?.stringValue, Set(fields.keys).isSubset(of: ["service", "target", "data"]),
                  let entities = targetEntities, plainTarget {
            self = .service(service, entityIDs: entities, data: fields["data"]?.objectValue ?? [:])
        } else if fields.count == 1, let delay = fields["delay"], let seconds = AutomationJSON.seconds(delay) {
            self = .delay(seconds: seconds)
        } else {
            self = .raw(value)
        }
    }

    public var summary: String {
        switch self {
        case .command(let entityID, let command): "\(command.name) on \(entityID)"
        case .service(let service, let entityIDs, let data):
            "\(service) \(entityIDs.joined(separator: ","))" + data.sorted { $0.key < $1.key }.map { " \($0.key)=\((try? JSONSerializer.string($0.value)) ?? "?")" }.joined()
        case .delay(let seconds): "wait \(seconds) s"
        case .notify(let service, let message, let title): "\(service): " + (title.map { "\($0): " } ?? "") + message
        case .scene(let entityID): "activate \(entityID)"
        case .raw(let value): "raw: " + ((try? JSONSerializer.string(value)) ?? "?")
        }
    }
}
