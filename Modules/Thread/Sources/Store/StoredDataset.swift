import FoundationEssentials

/// A dataset in the credential store: the network, where it came from, and which servers know it.
public struct StoredDataset: Sendable, Equatable {
    /// The extended PAN ID in hex: one network, one entry.
    public let id: String
    public let dataset: OperationalDataset
    /// Who gave it: `HomeCompanion` (made or imported here), `home-assistant:<source>`, `otbr:<url>`.
    public let source: String
    public let borderAgentID: String?
    public let extendedAddress: String?
    public let addedAt: Date
    public let updatedAt: Date
    /// The servers that hold it, with their id for it and whether it is their preferred one.
    public let servers: [ServerDatasetLink]
}
