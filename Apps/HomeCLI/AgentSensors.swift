import Agent
import CLIKit
import LinuxSensorsPlugin

/// The sensors the manifest's linux-sensors plugin provides (none when it is disabled).
enum AgentSensors {
    static func load(manifestOption: String?) async throws -> [any LinuxSensor] {
        let running = try await RunningHost.start(manifestOption: manifestOption)
        let set = Result { try running.host.registry.resolve(LinuxSensorsPlugin.sensors) }
        await running.host.stop()
        return (try? set.get())?.sensors ?? []
    }
}
