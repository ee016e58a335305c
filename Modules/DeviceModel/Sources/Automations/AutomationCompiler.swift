import Essentials

/// Checks a draft against the home (entities that exist, commands their traits take, values in
/// range, types the configuration references) and writes Home Assistant's configuration for it.
struct AutomationCompiler {
    /// Every entity of the home, by id.
    let entities: [String: DeviceEntity]
    /// The domains automations may use; empty allows all.
    let referencedTypes: [String]
    /// The services the server has, as `domain.service`.
    let services: Set<String>

    func configuration(for draft: AutomationDraft, id: String) throws(DeviceModelError) -> JSONValue {
        guard !draft.starters.isEmpty else { throw .invalidArgument("an automation needs at least one starter") }
        guard !draft.actions.isEmpty else { throw .invalidArgument("an automation needs at least one action") }
        for entityID in draft.entityIDs { try check(entityID) }
        var fields: [String: JSONValue] = [
            "id": .string(id), "alias": .string(draft.alias), "mode": .string(draft.mode),
            "trigger": .array(try draft.starters.map { starter throws(DeviceModelError) in try check(starter) }),
            "condition": .array(try draft.conditions.map { condition throws(DeviceModelError) in try check(condition) }),
            "action": .array(try draft.actions.map { action throws(DeviceModelError) in try configuration(for: action) }),
        ]
        if let description = draft.description { fields["description"] = .string(description) }
        return .object(fields)
    }

    /// Checks the parts of a configuration written elsewhere that the model covers (entities,
    /// referenced types); the rest is the server's to check.
    func check(_ automation: Automation) throws(DeviceModelError) {
        for starter in automation.starters { if case .state(let ids, _, _) = starter { for id in ids { try check(id) } } }
        for condition in automation.conditions { if case .state(let id, _) = condition { try check(id) } }
        for action in automation.actions { if case .service(_, let ids, _) = action { for id in ids { try check(id) } } }
    }

    private func check(_ entityID: String) throws(DeviceModelError) {
        guard entities[entityID] != nil else {
            throw .invalidArgument("no entity '\(entityID)' on the server; `home devices --all` lists them")
        }
        let domain = String(entityID.prefix { $0 != "." })
        if !referencedTypes.isEmpty && !referencedTypes.contains(domain) {
            throw .failedPrecondition(
                "\(entityID) is of type \(domain), which the configuration does not reference (referencedAutomationTypes: \(referencedTypes.joined(separator: ", ")))"
            )
        }
    }

    private func check(_ starter: AutomationStarter) throws(DeviceModelError) -> JSONValue {
        switch starter {
        case .state(let ids, let to, let from):
            for id in ids {
                let binary = entities[id]?.traits.contains { [.onOff, .binary].contains($0.kind) } ?? false
                for value in [to, from].compactMap({ $0 }) where binary && !["on", "off", "unavailable"].contains(value) {
                    throw .invalidArgument("\(id) is on or off, never '\(value)'")
                }
            }
        case .time(let at): try Self.checkTime(at, "time")
        case .sun(let event, let offset):
            guard ["sunrise", "sunset"].contains(event) else { throw .invalidArgument("sun event '\(event)' is not sunrise or sunset") }
            if let offset { try Self.checkTime(offset.hasPrefix("-") ? String(offset.dropFirst()) : offset, "sun offset") }
        case .raw: break
        }
        return starter.configuration
    }

    private func check(_ condition: AutomationCondition) throws(DeviceModelError) -> JSONValue {
        if case .timeWindow(let after, let before) = condition {
            guard after != nil || before != nil else { throw .invalidArgument("a time condition needs after or before") }
            for time in [after, before].compactMap({ $0 }) { try Self.checkTime(time, "time condition") }
        }
        return condition.configuration
    }

    private func configuration(for action: AutomationAction) throws(DeviceModelError) -> JSONValue {
        switch action {
        case .command(let entityID, let command):
            guard let entity = entities[entityID] else { throw .invalidArgument("no entity '\(entityID)'") }
            let call = try CommandPlanner(strict: true).plan(command, for: entity)
            return Self.service("\(call.domain).\(call.service)", [entityID], call.data)
        case .service(let service, let ids, let data): return Self.service(service, ids, data)
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
