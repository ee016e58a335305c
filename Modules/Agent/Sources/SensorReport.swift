/// What one report sent.
public struct SensorReport: Sendable, Equatable {
    public init() {}

    /// Sensors whose states were updated.
    public var updated: [String] = []
    /// Sensors registered (again) because the server did not know them.
    public var registered: [String] = []
    /// Sensors the server has disabled; not sent from now on.
    public var disabledByServer: [String] = []
}
