import Agent
import AgentContract
import CLIKit
import Essentials
import FoundationEssentials

/// The agent's ``SensorReporting``: the sensors the plugins contribute, and each server's
/// `SensorSettings` file in its data folder.
struct StoredSensorReporting: SensorReporting {
    let services: AgentServices

    func sensors(server: String?) async throws -> [SensorChoice] {
        // Signed out, the sensors are listed all off: which report is chosen per server.
        let home = try await services.session.stored(server: server)
        let settings = try home.map { try SensorSettings.load(from: $0.folders.data) } ?? SensorSettings()
        return services.sensors.map { sensor in
            let id = sensor.definition.uniqueID
            return SensorChoice(
                id: id, name: sensor.definition.name, enabled: settings.enabled.contains(id), disabledByServer: settings.disabledByServer.contains(id),
                state: sensor.read(root: URL(fileURLWithPath: "/")) ?? .string("unavailable"), unit: sensor.definition.unit
            )
        }
    }

    func setReporting(_ ids: [String], on: Bool, server: String?) async throws -> String {
        let known = Set(services.sensors.map(\.definition.uniqueID))
        if let unknown = ids.first(where: { !known.contains($0) }) {
            throw UsageError("no sensor '\(unknown)'; known: \(known.sorted().joined(separator: ", "))")
        }
        let home = try await services.session.restore(server: server)
        try SensorSettings.update(in: home.folders.data) { settings in
            if on {
                settings.enabled.formUnion(ids)
                settings.disabledByServer.subtract(ids)
            } else {
                settings.enabled.subtract(ids)
            }
        }
        return "\(home.server)"
    }
}
