/// A dataset as Home Assistant's `thread/list_datasets` lists it.
public struct ServerDataset: Sendable, Equatable {
    public let id: String
    public let networkName: String?
    public let extendedPANID: String?
    public let channel: Int?
    public let source: String
    public let preferred: Bool
    public let preferredBorderAgentID: String?
    public let preferredExtendedAddress: String?
}
