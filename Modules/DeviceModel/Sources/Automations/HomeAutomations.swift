import Essentials
import FoundationEssentials
import HAModels
import Networking

/// The home's automations, stored as Home Assistant automations (`automations.yaml`, through
/// `/api/config/automation/config/ID`): list, show, create (typed drafts, validated against the
/// devices and the referenced types, or a configuration written elsewhere, sent byte for byte),
/// enable, disable, trigger, delete.
public struct HomeAutomations: Sendable {
    let model: HomeModel
    let rest: RESTClient
    let referencedTypes: ReferencedAutomationTypes
    /// How long a change waits for the server to show it.
    let timeout: Double

    public init(model: HomeModel, rest: RESTClient, referencedTypes: ReferencedAutomationTypes = ReferencedAutomationTypes(), timeout: Double = 15) {
        self.model = model
        self.rest = rest
        self.referencedTypes = referencedTypes
        self.timeout = timeout
    }

    /// Every automation, by alias.
    public func list() async throws -> [Automation] {
        var automations: [Automation] = []
        for state in await model.states().values where state.domain == "automation" {
            automations.append(try await automation(state))
        }
        return automations.sorted { ($0.alias.lowercased(), $0.entityID) < ($1.alias.lowercased(), $1.entityID) }
    }

    /// One automation by configuration id or entity id.
    public func automation(_ id: String) async throws -> Automation {
        try await automation(try await state(of: id))
    }

    /// Creates `draft` after checking it; returns it as the server shows it.
    @discardableResult
    public func create(_ draft: AutomationDraft) async throws -> Automation {
        let id = String(UInt64(Current.now().timeIntervalSince1970 * 1000))
        let configuration = try await compiler(deviceStartersOf: draft).configuration(for: draft, id: id)
        return try await save(configuration: try JSONSerializer.data(configuration), id: id)
    }

    /// Creates or replaces the automation `id` with a configuration in Home Assistant's own form,
    /// sent as it is (the server keeps it byte for byte) after the parts the model covers are checked.
    @discardableResult
    public func save(configuration bytes: [UInt8], id: String) async throws -> Automation {
        let state = EntityState(entityID: "automation.draft", state: "off", attributes: [:], lastChanged: Current.now(), lastUpdated: Current.now(), context: HAContext(id: ""))
        try await compiler(deviceStartersOf: nil).check(try Automation(state: state, configuration: bytes))
        let existing = await model.states().values.first { $0.domain == "automation" && $0.attributes["id"]?.stringValue == id }
        // The server reloads only automations whose configuration changed; an unchanged one keeps its entity as it is.
        let stored = existing == nil ? nil : try await rest.automationConfig(id)
        let unchanged = stored.map { Self.sameContent($0, bytes) } ?? false
        try await rest.saveAutomationConfig(id, json: bytes)
        guard let state = await model.waitForState(within: timeout, where: {
            $0.domain == "automation" && $0.attributes["id"]?.stringValue == id && (unchanged || $0.lastUpdated != existing?.lastUpdated)
        }) else {
            throw DeviceModelError.timeout("the server saved automation \(id) but showed no entity for it within \(Int(timeout)) s")
        }
        return try await automation(state)
    }

    /// Turns automation `id` on or off and waits for its state.
    public func setEnabled(_ id: String, _ enabled: Bool) async throws {
        let state = try await state(of: id)
        try await model.call("automation", enabled ? "turn_on" : "turn_off", entityID: state.entityID)
        let wanted = enabled ? "on" : "off"
        guard await model.waitForState(within: timeout, where: { $0.entityID == state.entityID && $0.state == wanted }) != nil else {
            throw DeviceModelError.timeout("\(state.entityID) did not turn \(wanted) within \(Int(timeout)) s")
        }
    }

    /// Runs automation `id`'s actions now (its conditions skipped, as the frontend's "run" does).
    public func trigger(_ id: String) async throws {
        try await model.call("automation", "trigger", entityID: try await state(of: id).entityID)
    }

    /// Deletes automation `id` (one in automations.yaml; one in configuration.yaml is the user's to edit).
    public func delete(_ id: String) async throws {
        let state = try await state(of: id)
        guard let configID = state.attributes["id"]?.stringValue else {
            throw DeviceModelError.failedPrecondition("\(state.entityID) is defined in configuration.yaml, not automations.yaml: edit it there")
        }
        try await rest.deleteAutomationConfig(configID)
        guard await model.waitUntilGone(state.entityID, within: timeout) else {
            throw DeviceModelError.timeout("the server deleted automation \(configID) but still shows \(state.entityID)")
        }
    }

    /// Whether two configurations say the same, the id aside (the server adds it).
    private static func sameContent(_ stored: [UInt8], _ new: [UInt8]) -> Bool {
        guard var old = (try? JSONParser.parse(stored))?.objectValue, var other = (try? JSONParser.parse(new))?.objectValue else { return false }
        old["id"] = nil
        other["id"] = nil
        return old == other
    }

    /// A compiler over the home as it is now, with the device triggers of `draft`'s device starters.
    private func compiler(deviceStartersOf draft: AutomationDraft?) async throws -> AutomationCompiler {
        let devices = await model.devices(DeviceQuery(includeHidden: true, includeDisabled: true, includeStandalone: true))
        let registry = await model.registrySnapshot().entities
        var triggers: [String: [JSONValue]] = [:]
        for entityID in draft?.deviceStarterEntities ?? [] {
            guard let deviceID = registry.first(where: { $0.entityID == entityID })?.deviceID, triggers[deviceID] == nil else { continue }
            triggers[deviceID] = try await model.send("device_automation/trigger/list", ["device_id": .string(deviceID)]).arrayValue ?? []
        }
        return AutomationCompiler(
            devices: devices, registry: registry, referenced: referencedTypes, services: try await model.serviceNames(), deviceTriggers: triggers
        )
    }

    private func state(of id: String) async throws(DeviceModelError) -> EntityState {
        let automations = await model.states().values.filter { $0.domain == "automation" }
        guard let state = automations.first(where: { $0.entityID == id || $0.attributes["id"]?.stringValue == id }) else {
            throw .notFound("no automation '\(id)'; `home automations` lists them")
        }
        return state
    }

    private func automation(_ state: EntityState) async throws -> Automation {
        if let id = state.attributes["id"]?.stringValue {
            return try Automation(state: state, configuration: try await rest.automationConfig(id))
        }
        // Defined in configuration.yaml: the server gives its configuration by entity.
        let answer = try await model.send("automation/config", ["entity_id": .string(state.entityID)])
        return try Automation(state: state, configuration: try JSONSerializer.data(answer.objectValue?["config"] ?? .object([:])))
    }
}
