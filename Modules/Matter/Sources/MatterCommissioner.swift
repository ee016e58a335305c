import Essentials

/// Commissioning through Home Assistant's Matter integration, over its WebSocket API: the
/// network credentials a new device needs (`matter/set_thread`, `matter/set_wifi_credentials`),
/// then `matter/commission` (a setup code) or `matter/commission_on_network` (a device shared from
/// another ecosystem, by its PIN), and the new device found in the device registry.
public struct MatterCommissioner: Sendable {
    let connection: any MatterServerConnection

    /// Commissions through `connection`.
    public init(connection: any MatterServerConnection) {
        self.connection = connection
    }

    /// Checks that the server has the Matter integration, and that it runs.
    public func requireIntegration() async throws {
        let entries = try await call("config_entries/get", ["domain": .string("matter")]).arrayValue ?? []
        guard !entries.isEmpty else { throw MatterCommissioningError.noIntegration }
        let states = entries.compactMap { $0.objectValue?["state"]?.stringValue }
        guard states.contains("loaded") else { throw MatterCommissioningError.integrationNotRunning(state: states.joined(separator: ", ")) }
    }

    /// Gives the Matter Server the Thread network (its dataset TLVs in hex) new Thread devices join.
    public func setThread(datasetHex: String) async throws {
        _ = try await call("matter/set_thread", ["thread_operation_dataset": .string(datasetHex)])
    }

    /// Gives the Matter Server the Wi-Fi network new Wi-Fi devices join.
    public func setWiFi(ssid: String, password: String) async throws {
        _ = try await call("matter/set_wifi_credentials", ["network_name": .string(ssid), "password": .string(password)])
    }

    /// Commissions the device of `code` (a QR code's text or a manual pairing code); with
    /// `networkOnly` the Matter Server looks for it on the IP network only, not over Bluetooth.
    public func commission(code: String, networkOnly: Bool) async throws {
        _ = try await call("matter/commission", ["code": .string(code), "network_only": .bool(networkOnly)])
    }

    /// Commissions a device already on the network, shared from another ecosystem with `pin`
    /// (its commissioning window open), at `address` when given.
    public func share(pin: UInt32, address: String?) async throws {
        var fields: [String: JSONValue] = ["pin": .integer(Int64(pin))]
        if let address { fields["ip_addr"] = .string(address) }
        _ = try await call("matter/commission_on_network", fields)
    }

    /// The Matter devices in the device registry, with their entities.
    public func devices() async throws -> [MatterDevice] {
        let registry = try await call("config/device_registry/list", [:]).arrayValue ?? []
        let entities = try await call("config/entity_registry/list", [:]).arrayValue ?? []
        var entitiesByDevice: [String: [String]] = [:]
        for entity in entities {
            guard let fields = entity.objectValue, let device = fields["device_id"]?.stringValue, let id = fields["entity_id"]?.stringValue else { continue }
            entitiesByDevice[device, default: []].append(id)
        }
        return registry.compactMap { value -> MatterDevice? in
            guard let fields = value.objectValue, let id = fields["id"]?.stringValue else { return nil }
            let identifiers = (fields["identifiers"]?.arrayValue ?? []).compactMap { pair -> String? in
                guard let parts = pair.arrayValue, parts.count == 2, parts[0].stringValue == "matter" else { return nil }
                return parts[1].stringValue
            }
            guard !identifiers.isEmpty else { return nil }
            return MatterDevice(
                id: id, name: fields["name_by_user"]?.stringValue ?? fields["name"]?.stringValue ?? id,
                manufacturer: fields["manufacturer"]?.stringValue, model: fields["model"]?.stringValue,
                identifiers: identifiers.sorted(), entities: (entitiesByDevice[id] ?? []).sorted()
            )
        }
        .sorted { $0.name < $1.name }
    }

    /// The first Matter device not among `known` (registry ids) within `seconds`, once it has its
    /// entities (they follow the device by a moment; a device without any is returned at the end).
    public func newDevice(besides known: Set<String>, within seconds: Double) async throws -> MatterDevice {
        let deadline = Deadline(in: seconds)
        var found: MatterDevice?
        while !deadline.hasPassed {
            found = try await devices().first { !known.contains($0.id) }
            if let found, !found.entities.isEmpty { return found }
            try await Current.sleep(0.5)
        }
        guard let found else { throw MatterCommissioningError.noNewDevice(seconds: Int(seconds)) }
        return found
    }

    private func call(_ type: String, _ fields: [String: JSONValue]) async throws -> JSONValue {
        do {
            return try await connection.send(type, fields)
        } catch let refusal as MatterServerRefusal {
            switch refusal.code {
            case "unknown_command": throw MatterCommissioningError.noIntegration
            case "1": throw MatterCommissioningError.commissioningFailed(refusal.message)
            default: throw MatterCommissioningError.refused(code: refusal.code, message: refusal.message)
            }
        }
    }
}
