import Essentials

/// The data of a `register_sensor` webhook.
public struct SensorRegistration: Codable, Sendable, Hashable {
    public let uniqueID: String
    public let name: String
    /// `sensor` or `binary_sensor`.
    public let type: String
    public let state: JSONValue
    public let attributes: [String: JSONValue]?
    public let deviceClass: String?
    public let icon: String?
    public let unitOfMeasurement: String?
    public let stateClass: String?
    public let entityCategory: String?
    public let disabled: Bool?

    /// Creates a registration.
    public init(
        uniqueID: String, name: String, type: String, state: JSONValue, attributes: [String: JSONValue]? = nil,
        deviceClass: String? = nil, icon: String? = nil, unitOfMeasurement: String? = nil, stateClass: String? = nil,
        entityCategory: String? = nil, disabled: Bool? = nil
    ) {
        self.uniqueID = uniqueID
        self.name = name
        self.type = type
        self.state = state
        self.attributes = attributes
        self.deviceClass = deviceClass
        self.icon = icon
        self.unitOfMeasurement = unitOfMeasurement
        self.stateClass = stateClass
        self.entityCategory = entityCategory
        self.disabled = disabled
    }

    enum CodingKeys: String, CodingKey {
        case name, type, state, attributes, icon, disabled
        case uniqueID = "unique_id"
        case deviceClass = "device_class"
        case unitOfMeasurement = "unit_of_measurement"
        case stateClass = "state_class"
        case entityCategory = "entity_category"
    }
}
