import CLIKit
import ConnectionContract
import Essentials
import Networking
import SessionContract

/// Sets a provisioned device's integration up on the server to the end: starts its config flow,
/// answers each form (the fields the device told, such as its `host`; any other required field
/// without a default is asked at the terminal), and once the entry is made, waits for its device
/// in the device registry. Home Assistant's refusals (an abort, a form's errors) are reported in
/// the outcome, not thrown; a flow this cannot finish is removed from the server.
struct IntegrationSetup: Sendable {
    /// A flow with more steps than this is given up.
    static let maximumSteps = 10

    let rest: RESTClient
    let connections: any ConnectionFactory
    let credentials: ServerCredentials
    let console: Console
    /// How long the device may take to show in the registry.
    let timeout: Double
    /// The answers the device gave, by field name.
    let known: [String: JSONValue]

    /// The outcome for `domain`: `started`, `completed`, and the `entry` and `device` made, or a `reason`.
    func run(domain: String) async throws -> [String: JSONValue] {
        var outcome: [String: JSONValue] = ["domain": .string(domain), "started": .bool(false), "completed": .bool(false)]
        var step: JSONValue
        do {
            step = try await rest.post("/api/config/config_entries/flow", body: .object(["handler": .string(domain)]))
        } catch let error as RESTError {
            if case .unauthorized = error { throw error }
            if case .transport = error { throw error }
            outcome["reason"] = .string("the server cannot set up the integration '\(domain)': \(error)")
            return outcome
        }
        outcome["started"] = .bool(true)
        var askPerson: Set<String> = []
        for _ in 0..<Self.maximumSteps {
            let fields = step.objectValue ?? [:]
            outcome["step"] = step
            let flowID = fields["flow_id"]?.stringValue ?? ""
            switch fields["type"]?.stringValue {
            case "form":
                let stepID = fields["step_id"]?.stringValue ?? "?"
                let schema = (fields["data_schema"]?.arrayValue ?? []).compactMap(FlowField.init)
                let errors = (fields["errors"]?.objectValue ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.stringValue ?? "?")" }
                if !errors.isEmpty {
                    console.printError("Home Assistant refused step '\(stepID)' of \(domain): \(errors.joined(separator: ", "))")
                    // What the device told did not do: the person answers those fields now.
                    askPerson.formUnion(schema.map(\.name).filter { known[$0] != nil })
                }
                var answers: [String: JSONValue] = [:]
                for field in schema {
                    if let value = known[field.name], !askPerson.contains(field.name) {
                        answers[field.name] = value
                    } else if field.needsAnswer || askPerson.contains(field.name) {
                        guard let value = ask(field, stepID: stepID, domain: domain) else {
                            try await cancel(flowID)
                            outcome["reason"] = .string("step '\(stepID)' of \(domain) needs \(field.name), and standard input gave no answer; the flow was removed")
                            return outcome
                        }
                        answers[field.name] = value
                    }
                }
                step = try await rest.post("/api/config/config_entries/flow/\(flowID)", body: .object(answers))
            case "create_entry":
                let entry = fields["result"]?.objectValue ?? [:]
                outcome["completed"] = .bool(true)
                outcome["entry"] = .object(["entry_id": entry["entry_id"] ?? .null, "title": entry["title"] ?? fields["title"] ?? .null])
                outcome["device"] = try await device(of: entry["entry_id"]?.stringValue ?? "") ?? .null
                return outcome
            case "abort":
                outcome["reason"] = .string("Home Assistant stopped setting up \(domain): \(fields["reason"]?.stringValue ?? "aborted")")
                return outcome
            default:
                try await cancel(flowID)
                outcome["reason"] = .string("a step of type \(fields["type"]?.stringValue ?? "?") needs Home Assistant's own page; the flow was removed")
                return outcome
            }
        }
        try await cancel((step.objectValue?["flow_id"]?.stringValue) ?? "")
        outcome["reason"] = .string("\(domain) took more than \(Self.maximumSteps) steps; the flow was removed")
        return outcome
    }

    /// Asks the person for `field` until the answer is one it takes; nil when input ends.
    private func ask(_ field: FlowField, stepID: String, domain: String) -> JSONValue? {
        while true {
            console.printError("\(domain), step '\(stepID)': \(field.prompt)", newline: false)
            guard let line = console.readLine(secret: field.kind == .secret) else { return nil }
            switch field.value(of: line.trimmingSpaces()) {
            case .success(let value): return value
            case .failure(let error): console.printError(error.description)
            }
        }
    }

    private func cancel(_ flowID: String) async throws {
        guard !flowID.isEmpty else { return }
        do {
            try await rest.delete("/api/config/config_entries/flow/\(flowID)")
        } catch let error as RESTError {
            if case .unauthorized = error { throw error }
        }
    }

    /// The device registry's entry of the new config entry, once it shows (within ``timeout``).
    private func device(of entryID: String) async throws -> JSONValue? {
        try await connections.withReadyConnection(
            to: credentials.address, tokens: credentials.tokenProvider, timeout: 15, unreachable: { IntegrationSetupError("the device registry cannot be read: \($0)") }
        ) { connection in
            let deadline = Deadline(in: timeout)
            while true {
                let devices = try await connection.send("config/device_registry/list").arrayValue ?? []
                if let device = devices.first(where: { ($0.objectValue?["config_entries"]?.arrayValue ?? []).contains(.string(entryID)) })?.objectValue {
                    return .object(["id": device["id"] ?? .null, "name": device["name_by_user"].flatMap { $0 == .null ? nil : $0 } ?? device["name"] ?? .null,
                                    "manufacturer": device["manufacturer"] ?? .null, "model": device["model"] ?? .null])
                }
                if deadline.hasPassed { return nil }
                try await Current.sleep(0.5)
            }
        }
    }
}
