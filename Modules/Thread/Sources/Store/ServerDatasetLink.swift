/// A server's copy of a stored dataset: its own id for it and whether it is the server's preferred network.
public struct ServerDatasetLink: Sendable, Equatable {
    public let server: String
    public let remoteID: String
    public let preferred: Bool
}
