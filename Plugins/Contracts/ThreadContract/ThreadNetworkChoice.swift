/// A stored Thread network as a person picks it: no keys.
public struct ThreadNetworkChoice: Sendable, Equatable {
    /// The store's id for it.
    public let id: String
    /// Its network name, if the dataset has one.
    public let name: String?
    /// Its radio channel, if the dataset has one.
    public let channel: Int?

    /// Creates a choice.
    public init(id: String, name: String?, channel: Int?) {
        self.id = id
        self.name = name
        self.channel = channel
    }
}
