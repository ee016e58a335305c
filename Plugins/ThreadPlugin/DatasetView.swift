import Essentials
import Thread

/// A dataset for people and scripts; the network key and PSKc only with `--show-secrets`.
enum DatasetView {
    static func hex(_ bytes: [UInt8]?) -> String? { bytes.map { Hex.encode($0) } }

    static func json(_ dataset: OperationalDataset, showSecrets: Bool) -> [String: JSONValue] {
        let hidden: JSONValue = .string("(hidden: --show-secrets)")
        var fields: [String: JSONValue] = [
            "network_name": dataset.networkName.map(JSONValue.string) ?? .null,
            "channel": dataset.channel.map { .integer(Int64($0.channel)) } ?? .null,
            "channel_page": dataset.channel.map { .integer(Int64($0.page)) } ?? .null,
            "pan_id": dataset.panIDText.map(JSONValue.string) ?? .null,
            "extended_pan_id": hex(dataset.extendedPANID).map(JSONValue.string) ?? .null,
            "mesh_local_prefix": dataset.meshLocalPrefixText.map(JSONValue.string) ?? .null,
            "network_key": dataset.networkKey == nil ? .null : showSecrets ? .string(hex(dataset.networkKey) ?? "") : hidden,
            "pskc": dataset.pskc == nil ? .null : showSecrets ? .string(hex(dataset.pskc) ?? "") : hidden,
            "channels": .array((dataset.channelMask ?? []).flatMap(\.channels).map { .integer(Int64($0)) }),
            "other_tlvs": .array(dataset.otherRecords.map { .object(["type": .integer(Int64($0.type)), "value": .string(hex($0.value) ?? "")]) }),
        ]
        if let stamp = dataset.activeTimestamp { fields["active_timestamp"] = timestamp(stamp) }
        if let stamp = dataset.pendingTimestamp { fields["pending_timestamp"] = timestamp(stamp) }
        if let delay = dataset.delayTimer { fields["delay_timer_ms"] = .integer(Int64(delay)) }
        if let policy = dataset.securityPolicy {
            var bits: [String: JSONValue] = [
                "rotation_hours": .integer(Int64(policy.rotationHours)), "obtain_network_key": .bool(policy.obtainNetworkKey),
                "native_commissioning": .bool(policy.nativeCommissioning), "routers": .bool(policy.routers),
                "external_commissioning": .bool(policy.externalCommissioning), "commercial_commissioning": .bool(policy.commercialCommissioning),
                "autonomous_enrollment": .bool(policy.autonomousEnrollment), "network_key_provisioning": .bool(policy.networkKeyProvisioning),
            ]
            if let value = policy.toBLELink { bits["toble_link"] = .bool(value) }
            if let value = policy.nonCCMRouters { bits["non_ccm_routers"] = .bool(value) }
            if let value = policy.versionThreshold { bits["version_threshold"] = .integer(Int64(value)) }
            fields["security_policy"] = .object(bits)
        }
        if showSecrets { fields["tlv"] = .string(dataset.hex) }
        return fields
    }

    static func json(_ stored: StoredDataset, showSecrets: Bool) -> JSONValue {
        var fields = json(stored.dataset, showSecrets: showSecrets)
        fields["id"] = .string(stored.id)
        fields["source"] = .string(stored.source)
        fields["border_agent_id"] = stored.borderAgentID.map(JSONValue.string) ?? .null
        fields["extended_address"] = stored.extendedAddress.map(JSONValue.string) ?? .null
        fields["added_at"] = .string(HATimestamp.string(from: stored.addedAt))
        fields["servers"] = .array(stored.servers.map {
            .object(["server": .string($0.server), "dataset_id": .string($0.remoteID), "preferred": .bool($0.preferred)])
        })
        return .object(fields)
    }

    /// `name: value` lines, in a fixed order.
    static func lines(_ fields: [String: JSONValue]) -> [String] {
        let order = ["id", "network_name", "channel", "channel_page", "pan_id", "extended_pan_id", "mesh_local_prefix", "network_key", "pskc",
                     "channels", "active_timestamp", "pending_timestamp", "delay_timer_ms", "security_policy", "source", "border_agent_id",
                     "extended_address", "added_at", "servers", "other_tlvs", "tlv"]
        return order.compactMap { key in
            guard let value = fields[key], value != .null else { return nil }
            let text = value.stringValue ?? ((try? JSONSerializer.string(value)) ?? "?")
            return "\(key.padded(to: 18))\(text)"
        }
    }

    private static func timestamp(_ stamp: DatasetTimestamp) -> JSONValue {
        .object(["seconds": .integer(Int64(stamp.seconds)), "ticks": .integer(Int64(stamp.ticks)), "authoritative": .bool(stamp.authoritative)])
    }
}
