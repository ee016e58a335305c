import Essentials
import HAModels

/// Checks a draft against the home (entities that exist, commands their traits take, values in
/// range, device triggers the device offers, services the server has, the referenced types) and
/// writes Home Assistant's configuration for it.
struct AutomationCompiler {
    /// Every entity of the home, by id, with the type of the device it belongs to.
    let entities: [String: (entity: DeviceEntity, type: DeviceType)]
    /// What automations may use.
    let referenced: ReferencedAutomationTypes
    /// The services the server has, as `domain.service`.
    let services: Set<String>
    /// The device triggers each device of a device starter offers (`device_automation/trigger/list`), by device id.
    let deviceTriggers: [String: [JSONValue]]
    /// The device id and registry id of each entity that has them.
    let registry: [String: EntityRegistryEntry]

    init(devices: [Device], registry: [EntityRegistryEntry], referenced: ReferencedAutomationTypes, services: Set<String>, deviceTriggers: [String: [JSONValue]]) {
        var entities: [String: (entity: DeviceEntity, type: DeviceType)] = [:]
        for device in devices {
            for entity in device.entities where entities[entity.entityID] == nil { entities[entity.entityID] = (entity, device.type) }
        }
        self.entities = entities
        self.referenced = referenced
        self.services = services
        self.deviceTriggers = deviceTriggers
        self.registry = Dictionary(registry.map { ($0.entityID, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func configuration(for draft: AutomationDraft, id: String) throws(DeviceModelError) -> JSONValue {
        guard !draft.starters.isEmpty else { throw .invalidArgument("an automation needs at least one starter") }
        guard !draft.actions.isEmpty else { throw .invalidArgument("an automation needs at least one action") }
        for entityID in draft.entityIDs { try check(entityID) }
        var fields: [String: JSONValue] = [
            "id": .string(id), "alias": .string(draft.alias), "mode": .string(draft.mode),
            "trigger": .array(try draft.starters.map { starter throws(DeviceModelError) in try configuration(for: starter) }),
            "condition": .array(try draft.conditions.map { condition throws(DeviceModelError) in try check(condition) }),
            "action": .array(try draft.actions.map { action throws(DeviceModelError) in try configuration(for: action) }),
        ]
        if let description = draft.description { fields["description"] = .string(description) }
        return .object(fields)
    }

    /// Checks the parts of a configuration written elsewhere that the model covers (entities,
    /// referenced types); the rest is the server's to check.
    func check(_ automation: Automation) throws(DeviceModelError) {
        let draft = AutomationDraft(alias: automation.alias, starters: automation.starters, conditions: automation.conditions, actions: automation.actions)
        // A device trigger read back names its entity by registry id, which has no dot.
        for entityID in draft.entityIDs where entityID.contains(".") { try check(entityID) }
        for starter in automation.starters { if let trait = starter.structureTrait { try referenced.check(trait) } }
        for condition in automation.conditions { if case .timeWindow = condition { try referenced.check(.time) } }
    }

    private func check(_ entityID: String) throws(DeviceModelError) {
        guard let (entity, type) = entities[entityID] else {
            throw .invalidArgument("no entity '\(entityID)' on the server; `home devices --all` lists them")
        }
        try referenced.check(entity, of: type)
    }

    private func configuration(for starter: AutomationStarter) throws(DeviceModelError) -> JSONValue {
        if let trait = starter.structureTrait { try referenced.check(trait) }
        switch starter {
        case .state(let ids, let to, let from):
            for id in ids {
                let binary = entities[id]?.entity.traits.contains { [.onOff, .binary].contains($0.kind) } ?? false
                for value in [to, from].compactMap({ $0 }) where binary && !["on", "off", "unavailable"].contains(value) {
                    throw .invalidArgument("\(id) is on or off, never '\(value)'")
                }
            }
        case .time(let at): try Self.checkTime(at, "time")
        case .sun(let event, let offset):
            guard ["sunrise", "sunset"].contains(event) else { throw .invalidArgument("sun event '\(event)' is not sunrise or sunset") }
            if let offset { try Self.checkTime(offset.hasPrefix("-") ? String(offset.dropFirst()) : offset, "sun offset") }
        case .numericState(let id, let above, let below): try Self.checkBounds(id, above: above, below: below)
        case .device(let id, let event): return try deviceTrigger(id, event)
        case .raw: break
        }
        return starter.configuration
    }

    /// The trigger the entity's device offers for `event`, as the server offers it (naming the entity by its id).
    private func deviceTrigger(_ entityID: String, _ event: String) throws(DeviceModelError) -> JSONValue {
        guard let entry = registry[entityID], let deviceID = entry.deviceID else {
            throw .invalidArgument("\(entityID) belongs to no device, so it has no device triggers; use a state starter")
        }
        let offered = (deviceTriggers[deviceID] ?? []).filter {
            let named = $0.objectValue?["entity_id"]?.stringValue
            return named == entityID || named == entry.id
        }
        guard var trigger = offered.first(where: { $0.objectValue?["type"]?.stringValue == event })?.objectValue else {
            let events = offered.compactMap { $0.objectValue?["type"]?.stringValue }.sorted()
            throw .invalidArgument("the device of \(entityID) offers no '\(event)' trigger for it; it offers: \(events.isEmpty ? "none" : events.joined(separator: ", "))")
        }
        // The server takes an entity id or a registry id here; the entity id reads back as written.
        trigger["entity_id"] = .string(entityID)
        trigger["metadata"] = nil
        return .object(trigger)
    }

    private func check(_ condition: AutomationCondition) throws(DeviceModelError) -> JSONValue {
        switch condition {
        case .timeWindow(let after, let before):
            try referenced.check(.time)
            guard after != nil || before != nil else { throw .invalidArgument("a time condition needs after or before") }
            for time in [after, before].compactMap({ $0 }) { try Self.checkTime(time, "time condition") }
        case .numericState(let id, let above, let below): try Self.checkBounds(id, above: above, below: below)
        case .state, .raw: break
        }
        return condition.configuration
    }

    private func configuration(for action: AutomationAction) throws(DeviceModelError) -> JSONValue {
        switch action {
        case .command(let entityID, let command):
            guard let entity = entities[entityID]?.entity else { throw .invalidArgument("no entity '\(entityID)'") }
            let call = try CommandPlanner(strict: true).plan(command, for: entity)
            return Self.service("\(call.domain).\(call.service)", [entityID], call.data)
        case .service(let service, let ids, let data):
            guard services.contains(service) else { throw .invalidArgument("the server has no service \(service)") }
            return Self.service(service, ids, data)
        case .scene(let entityID):
            guard entityID.hasPrefix("scene.") else { throw .invalidArgument("\(entityID) is not a scene") }
            return Self.service("scene.turn_on", [entityID], [:])
        case .delay(let seconds):
            return .object(["delay": .object(["milliseconds": .integer(Int64((seconds * 1000).rounded()))])])
        case .notify(let service, let message, let title):
            guard services.contains(service) else {
                let known = services.filter { $0.hasPrefix("notify.") }.sorted()
                throw .invalidArgument("the server has no service \(service); its notify services: \(known.isEmpty ? "none" : known.joined(separator: ", "))")
            }
            var data: [String: JSONValue] = ["message": .string(message)]
            if let title { data["title"] = .string(title) }
            return .object(["service": .string(service), "data": .object(data)])
        case .raw(let value): return value
        }
    }

    private static func service(_ name: String, _ ids: [String], _ data: [String: JSONValue]) -> JSONValue {
        var fields: [String: JSONValue] = ["service": .string(name), "target": .object(["entity_id": AutomationJSON.entityList(ids)])]
        if !data.isEmpty { fields["data"] = .object(data) }
        return .object(fields)
    }

    private static func checkBounds(_ entityID: String, above: Double?, below: Double?) throws(DeviceModelError) {
        guard above != nil || below != nil else { throw .invalidArgument("a numeric part on \(entityID) needs above or below") }
        for bound in [above, below].compactMap({ $0 }) where !bound.isFinite { throw .invalidArgument("a numeric bound on \(entityID) must be a finite number") }
        if let above, let below, above >= below { throw .invalidArgument("on \(entityID), above (\(above)) must be less than below (\(below))") }
    }

    /// `HH:MM` or `HH:MM:SS`.
    private static func checkTime(_ text: String, _ what: String) throws(DeviceModelError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let numbers = parts.map { Int($0) }
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0.count == 2 }), let hours = numbers[0], let minutes = numbers[1],
              (0..<24).contains(hours), (0..<60).contains(minutes), parts.count == 2 || (numbers[2].map { (0..<60).contains($0) } ?? false) else {
            throw .invalidArgument("\(what) '\(text)' is not HH:MM or HH:MM:SS")
        }
    }
}
