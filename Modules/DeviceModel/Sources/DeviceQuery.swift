/// Which devices and entities a query returns.
public struct DeviceQuery: Sendable, Hashable {
    /// Entities hidden by the user or an integration.
    public var includeHidden = false
    /// Disabled devices and entities.
    public var includeDisabled = false
    /// Entities that belong to no device, each standing alone.
    public var includeStandalone = false
    /// Only devices in this room.
    public var roomID: String?
    /// Only devices of this type.
    public var type: DeviceType?

    public init(includeHidden: Bool = false, includeDisabled: Bool = false, includeStandalone: Bool = false, roomID: String? = nil, type: DeviceType? = nil) {
        self.includeHidden = includeHidden
        self.includeDisabled = includeDisabled
        self.includeStandalone = includeStandalone
        self.roomID = roomID
        self.type = type
    }
}
