/// The sensors a plugin provides to the agent.
public struct SensorSet: Sendable {
    public let sensors: [any LinuxSensor]

    public init(_ sensors: [any LinuxSensor]) {
        self.sensors = sensors
    }
}
