/// The `-` part of a compressed diff: the attributes that were removed.
public struct CompressedAttributeRemoval: Codable, Sendable, Hashable {
    /// The names of the attributes removed (`a`).
    public let attributes: [String]

    /// Creates a removal.
    public init(attributes: [String]) {
        self.attributes = attributes
    }

    enum CodingKeys: String, CodingKey {
        case attributes = "a"
    }
}
