import Essentials

/// A Thread border router Home Assistant found on the network (mDNS `_meshcop._udp`).
public struct ThreadRouter: Sendable, Equatable {
    public let key: String
    /// What Home Assistant says about it: brand, model, network name, extended PAN ID, addresses, …
    public let data: [String: JSONValue]
}
