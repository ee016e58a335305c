import Essentials

/// A zone as `get_zones` gives it (a `zone.*` state): where it is and how wide.
struct Zone: Equatable {
    let entityID: String
    let name: String
    let latitude: Double
    let longitude: Double
    let radius: Double
    let passive: Bool

    /// Reads a zone's state; nil when it lacks its id or place.
    init?(_ state: JSONValue) {
        guard let object = state.objectValue, case .string(let id)? = object["entity_id"], let attributes = object["attributes"]?.objectValue,
              let latitude = attributes["latitude"]?.numberValue, let longitude = attributes["longitude"]?.numberValue
        else { return nil }
        entityID = id
        if case .string(let name)? = attributes["friendly_name"] { self.name = name } else { name = id }
        self.latitude = latitude
        self.longitude = longitude
        radius = attributes["radius"]?.numberValue ?? 0
        passive = attributes["passive"] == .bool(true)
    }
}
