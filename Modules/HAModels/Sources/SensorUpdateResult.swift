/// The answer for one sensor of `update_sensor_states` (the answer maps unique id → result).
public struct SensorUpdateResult: Codable, Sendable, Hashable {
    public let success: Bool
    /// `not_registered` means the sensor must be registered again.
    public let error: ServerError?
    /// The user disabled the sensor's entity; stop sending it.
    public let isDisabled: Bool?

    enum CodingKeys: String, CodingKey {
        case success, error
        case isDisabled = "is_disabled"
    }
}
