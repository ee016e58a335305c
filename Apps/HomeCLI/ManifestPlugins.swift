import Essentials
import FoundationEssentials
import HomePluginKit
import PluginHost

/// The manifest's plugins as switches: which are on, what each does and how it stands in this
/// process, and turning one on or off by writing the manifest (`home plugins enable|disable` and
/// the window's settings page both go through here). A change is checked as a whole plan before
/// it is written, so a manifest that would not load is never saved; it takes effect when `home`,
/// its agent or its window next starts.
struct ManifestPlugins: SettingsSwitches {
    let source: ManifestSource
    /// The plugins' states in the host of this process, when there is one.
    let states: @Sendable () async -> [PluginStatus]

    var title: String { "Plugins" }
    var explanation: String {
        "What \(source.editable.path) starts; a change takes effect when home, its agent or this window next starts. As home plugins enable|disable ID."
    }

    func switches(server: String) async throws -> [SettingsSwitch] {
        let plan = try source.inspectedPlan()
        let running = Dictionary(await states().map { ($0.id, $0.state) }, uniquingKeysWith: { first, _ in first })
        let enabled = plan.startOrder.map { planned in
            let state = running[planned.descriptor.id].map { $0 == .pending || $0 == .idle ? "" : " (\($0))" } ?? ""
            return SettingsSwitch(id: planned.descriptor.id, name: planned.descriptor.id, detail: planned.descriptor.summary + state, isOn: true)
        }
        let disabled = plan.disabled.map { entry in
            SettingsSwitch(id: entry.id, name: entry.id, detail: source.catalog.factory(for: entry.id)?.descriptor.summary ?? "", isOn: false)
        }
        return enabled + disabled
    }

    func set(_ id: String, on: Bool, server: String) async throws {
        _ = try change(id, on: on)
    }

    /// Writes the change and returns the plugins it turned on or off besides `id` (a default
    /// plugin whose requirement only `id` provides goes with it).
    func change(_ id: String, on: Bool) throws -> (alsoOn: [String], alsoOff: [String]) {
        // A manifest named with --manifest that is not there yet is made, as the default one is.
        let exists = FileManager.default.fileExists(atPath: source.editable.path)
        let before = exists ? try source.inspectedPlan() : try source.plan(file: nil, loadingLibraries: false)
        let known = Set(source.catalog.ids).union(before.startOrder.map(\.descriptor.id)).union(before.disabled.map(\.id))
        guard known.contains(id) else {
            throw ManifestChangeError("no plugin '\(id)'; known: \(known.sorted().joined(separator: ", "))")
        }
        let current = exists ? try Data(contentsOf: source.editable) : nil
        let text = try ManifestSwitch.setting(id, enabled: on, in: current)
        let after: LoadPlan
        do {
            after = try source.plan(text: text)
        } catch {
            throw ManifestChangeError("\(on ? "enabling" : "disabling") \(id) would make a manifest that does not load, so nothing was written: \(error.diagnostics.map(\.message).joined(separator: "; "))")
        }
        try SecretFile.write(text, to: source.editable)
        let wasOn = Set(before.startOrder.map(\.descriptor.id)), isOn = Set(after.startOrder.map(\.descriptor.id))
        Current.logger("plugin-host").info("\(id) \(on ? "enabled" : "disabled") in \(source.editable.path)")
        return (isOn.subtracting(wasOn).subtracting([id]).sorted(), wasOn.subtracting(isOn).subtracting([id]).sorted())
    }
}
