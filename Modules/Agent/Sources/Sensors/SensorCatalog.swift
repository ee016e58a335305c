/// Every sensor the agent can report. None reports until the user enables it.
public enum SensorCatalog {
    public static func all(agentVersion: String) -> [any LinuxSensor] {
        [
            LoadAverageSensor(), MemoryUsageSensor(), SwapUsageSensor(), DiskUsageSensor(mount: "/"), BootTimeSensor(),
            BatterySensor(), KernelSensor(), AgentVersionSensor(version: agentVersion),
        ]
    }
}
