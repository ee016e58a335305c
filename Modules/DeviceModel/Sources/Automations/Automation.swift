import Essentials
import FoundationEssentials
import HAModels

/// An automation on the server, whoever made it: its entity, its configuration exactly as the
/// server keeps it, and the typed view of the parts the model covers (the rest shown raw).
public struct Automation: Sendable, Equatable {
    public let entityID: String
    /// The configuration id (`automations.yaml`), nil for one defined in configuration.yaml without one.
    public let id: String?
    public let alias: String
    public let isEnabled: Bool
    public let lastTriggered: String?
    /// The configuration as the server sent it, byte for byte.
    public let configuration: [UInt8]
    public let starters: [AutomationStarter]
    public let conditions: [AutomationCondition]
    public let actions: [AutomationAction]

    init(state: EntityState, configuration: [UInt8]) throws {
        let fields = try JSONParser.parse(configuration).objectValue ?? [:]
        entityID = state.entityID
        id = state.attributes["id"]?.stringValue
        alias = fields["alias"]?.stringValue ?? state.attributes["friendly_name"]?.stringValue ?? state.entityID
        isEnabled = state.state == "on"
        lastTriggered = state.attributes["last_triggered"]?.stringValue
        self.configuration = configuration
        starters = Self.list(fields["trigger"]).map(AutomationStarter.init(configuration:))
        conditions = Self.list(fields["condition"]).map(AutomationCondition.init(configuration:))
        actions = Self.list(fields["action"]).map(AutomationAction.init(configuration:))
    }

    /// Home Assistant takes one item or a list where a list is expected.
    private static func list(_ value: JSONValue?) -> [JSONValue] {
        switch value {
        case nil, .null?: []
        case .array(let items)?: items
        case let item?: [item]
        }
    }
}
