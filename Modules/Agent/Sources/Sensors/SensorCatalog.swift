/// Every sensor the agent can report. None reports until the user enables it.
public enum SensorCatalog {
    public static func all(agentVersion: String) -> [any LinuxSensor] {
        [
            CPUUsageSensor(), LoadAverageSensor(), MemoryUsageSensor(), SwapUsageSensor(), DiskUsageSensor(mount: "/"), BootTimeSensor(),
            BatterySensor(), NetworkAddressSensor(), LoggedInUsersSensor(), KernelSensor(), AgentVersionSensor(version: agentVersion),
        ]
    }
}
