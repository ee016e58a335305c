import Essentials
import FoundationEssentials
import Networking

/// The credential store and a Home Assistant server's `thread` integration, over the connection:
/// import the server's datasets, share ours, choose the preferred one, delete, set the preferred
/// border agent, discover routers.
///
/// Both sides keep one dataset per network (extended PAN ID): when both know a network, the
/// dataset with the newer active timestamp wins, here (``ThreadCredentialStore/upsert``) as
/// there (Home Assistant's dataset store applies the same rule to `add_dataset_tlv`).
public struct ThreadSync: Sendable {
    /// The `source` our datasets carry on the server.
    public static let source = "HomeCompanion"
    /// The prefix of the source of datasets imported from a server.
    public static let importedPrefix = "home-assistant:"

    let connection: HomeAssistantConnection
    let store: ThreadCredentialStore
    /// The server's address, the key of its links in the store.
    let server: String

    public init(connection: HomeAssistantConnection, store: ThreadCredentialStore, server: String) {
        self.connection = connection
        self.store = store
        self.server = server
    }

    /// The server's datasets as it lists them.
    public func serverDatasets() async throws -> [ServerDataset] {
        let answer = try await connection.send("thread/list_datasets")
        return (answer.objectValue?["datasets"]?.arrayValue ?? []).compactMap { value in
            let fields = value.objectValue ?? [:]
            guard let id = fields["dataset_id"]?.stringValue else { return nil }
            return ServerDataset(
                id: id, networkName: fields["network_name"]?.stringValue, extendedPANID: fields["extended_pan_id"]?.stringValue?.lowercased(),
                channel: fields["channel"].flatMap { if case .integer(let number) = $0 { Int(number) } else { nil } },
                source: fields["source"]?.stringValue ?? "", preferred: fields["preferred"] == .bool(true),
                preferredBorderAgentID: fields["preferred_border_agent_id"]?.stringValue,
                preferredExtendedAddress: fields["preferred_extended_address"]?.stringValue
            )
        }
    }

    /// Imports every dataset of the server into the store (the newer of two copies of a network
    /// wins), records which the server holds and prefers, and removes those imported from it
    /// earlier that it no longer has.
    @discardableResult
    public func importDatasets() async throws -> ThreadSyncReport {
        var report = ThreadSyncReport()
        var links: [(datasetID: String, remoteID: String, preferred: Bool)] = []
        for remote in try await serverDatasets() {
            let name = "\(remote.networkName ?? "?") (\(remote.extendedPANID ?? remote.id))"
            let tlv = try await connection.send("thread/get_dataset_tlv", ["dataset_id": .string(remote.id)]).objectValue?["tlv"]?.stringValue ?? ""
            do {
                let dataset = try OperationalDataset(hex: tlv)
                let (stored, outcome) = try store.upsert(
                    dataset, source: Self.importedPrefix + remote.source, borderAgentID: remote.preferredBorderAgentID,
                    extendedAddress: remote.preferredExtendedAddress
                )
                report.imported.append((name, outcome))
                links.append((stored.id, remote.id, remote.preferred))
            } catch {
                report.refused.append((name, "\(error)"))
            }
        }
        let held = Set(links.map(\.datasetID))
        for stored in try store.all() where stored.servers.contains(where: { $0.server == server }) && !held.contains(stored.id) {
            // Gone from the server: a dataset that came from there goes here too; one of ours stays, unlinked.
            if stored.source.hasPrefix(Self.importedPrefix) {
                try store.delete(stored.id)
                report.removed.append(stored.dataset.networkName ?? stored.id)
            }
        }
        try store.replaceLinks(of: server, with: links)
        return report
    }

    /// Shares a stored dataset with the server (`thread/add_dataset_tlv`, source `HomeCompanion`),
    /// then reads back which copy the server kept; returns the server's id for the network.
    @discardableResult
    public func share(_ id: String) async throws -> String {
        let stored = try stored(id)
        do {
            _ = try await connection.send("thread/add_dataset_tlv", ["source": .string(Self.source), "tlv": .string(stored.dataset.hex)])
        } catch {
            throw ThreadSyncError("the server refused \(stored.dataset.networkName ?? id): \(error)")
        }
        try await importDatasets()
        guard let link = try self.stored(stored.id).servers.first(where: { $0.server == server }) else {
            throw ThreadSyncError("the server took \(stored.dataset.networkName ?? id) but does not list it")
        }
        return link.remoteID
    }

    /// The stored dataset of the server's preferred network, after importing the server's
    /// datasets (so the store has it); nil when the server prefers none.
    public func preferredDataset() async throws -> StoredDataset? {
        try await importDatasets()
        return try store.all().first { $0.servers.contains { $0.server == server && $0.preferred } }
    }

    /// Makes a stored dataset the server's preferred one, sharing it first if it has not got it.
    public func prefer(_ id: String) async throws {
        let stored = try stored(id)
        var remote = stored.servers.first { $0.server == server }?.remoteID
        if remote == nil { remote = try await share(stored.id) }
        _ = try await connection.send("thread/set_preferred_dataset", ["dataset_id": .string(remote ?? "")])
        try await importDatasets()
    }

    /// Deletes a dataset from the server (its preferred one it refuses to delete) and, with
    /// `locally`, from the store too.
    public func delete(_ id: String, locally: Bool) async throws {
        let stored = try stored(id)
        if let remote = stored.servers.first(where: { $0.server == server }) {
            do {
                _ = try await connection.send("thread/delete_dataset", ["dataset_id": .string(remote.remoteID)])
            } catch {
                throw ThreadSyncError("the server did not delete \(stored.dataset.networkName ?? id): \(error)")
            }
        }
        if locally { try store.delete(stored.id) }
        try await importDatasets()
    }

    /// Sets the border agent the server should use for a dataset's network.
    public func setPreferredBorderAgent(_ id: String, borderAgentID: String?, extendedAddress: String) async throws {
        let stored = try stored(id)
        guard let remote = stored.servers.first(where: { $0.server == server }) else {
            throw ThreadSyncError("the server does not have \(stored.dataset.networkName ?? id): share it first")
        }
        _ = try await connection.send("thread/set_preferred_border_agent", [
            "dataset_id": .string(remote.remoteID), "border_agent_id": borderAgentID.map(JSONValue.string) ?? .null,
            "extended_address": .string(extendedAddress),
        ])
        try store.setBorderAgent(stored.id, borderAgentID: borderAgentID, extendedAddress: extendedAddress)
    }

    /// The routers the server discovers within `seconds` (`thread/discover_routers`); empty when
    /// none answered in that time.
    public func discoverRouters(for seconds: Double) async throws -> [ThreadRouter] {
        let updates = await connection.subscribe("thread/discover_routers")
        return try await withThrowingTaskGroup(of: [ThreadRouter]?.self) { group in
            group.addTask {
                var routers: [String: ThreadRouter] = [:]
                for try await update in updates {
                    guard case .events(let events) = update else { continue }
                    for event in events {
                        let fields = event.objectValue ?? [:]
                        guard let key = fields["key"]?.stringValue else { continue }
                        if fields["type"] == .string("router_removed") {
                            routers[key] = nil
                        } else {
                            routers[key] = ThreadRouter(key: key, data: fields["data"]?.objectValue ?? [:])
                        }
                        if Task.isCancelled { return Array(routers.values) }
                    }
                }
                return Array(routers.values)
            }
            try await Current.sleep(seconds)
            group.cancelAll()
            return (try await group.next() ?? nil) ?? []
        }
    }

    private func stored(_ id: String) throws -> StoredDataset {
        guard let stored = try store.dataset(id) else { throw ThreadSyncError("no dataset '\(id)' in the store; `home thread list` shows them") }
        return stored
    }
}
