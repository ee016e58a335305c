import Agent
import Essentials
import HomePluginKit
import SessionContract

/// Which controls a server may drive, chosen per server: `home controls enable|disable` and the
/// window's settings page (its Controls section) both change them here.
struct ControlChoices: SettingsSwitches {
    let session: any SessionAccess
    let controls: @Sendable () -> [any Control]

    var title: String { "Controls" }
    var explanation: String {
        "What Home Assistant may drive on this machine over MQTT; home agent offers a change when it next starts. As home controls enable|disable ID."
    }

    func switches(server: String) async throws -> [SettingsSwitch] {
        let home = try await session.restore(server: server)
        let settings = try ControlSettings.load(from: home.folders.data)
        return controls().map(\.definition).sorted { $0.id < $1.id }.map { definition in
            var detail = definition.kind.component
            if let last = settings.lastCommands[definition.id] {
                detail += "; \(last.summary)"
            }
            return SettingsSwitch(id: definition.id, name: definition.name, detail: detail, isOn: settings.enabled.contains(definition.id))
        }
    }

    func set(_ id: String, on: Bool, server: String) async throws {
        _ = try await set([id], on: on, server: server)
    }

    /// Enables or disables the controls `ids` for `server` (nil: the default server); returns the
    /// server's URL. Throws, changing nothing, when one of them is not a control of this machine.
    func set(_ ids: [String], on: Bool, server: String?) async throws -> String {
        let known = Set(controls().map(\.definition.id))
        let unknown = ids.filter { !known.contains($0) }
        guard unknown.isEmpty else {
            throw UnknownControlError(description: "no control \(unknown.joined(separator: ", ")); known: \(known.sorted().joined(separator: ", "))")
        }
        let home = try await session.restore(server: server)
        try await ControlSettings.update(in: home.folders.data) { settings in
            if on { settings.enabled.formUnion(ids) } else { settings.enabled.subtract(ids) }
        }
        return "\(home.server)"
    }
}
