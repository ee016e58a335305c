/// What Home Assistant is told about a sensor when it is registered.
public struct SensorDefinition: Sendable, Equatable {
    public let uniqueID: String
    public let name: String
    public let deviceClass: String?
    public let stateClass: String?
    public let unit: String?
    public let icon: String
    public let entityCategory: String?

    public init(uniqueID: String, name: String, deviceClass: String?, stateClass: String?, unit: String?, icon: String, entityCategory: String? = nil) {
        self.uniqueID = uniqueID
        self.name = name
        self.deviceClass = deviceClass
        self.stateClass = stateClass
        self.unit = unit
        self.icon = icon
        self.entityCategory = entityCategory
    }
}
