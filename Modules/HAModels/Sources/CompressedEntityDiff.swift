/// One entity's change in a `subscribe_entities` event: `+` what changed, `-` attributes removed.
public struct CompressedEntityDiff: Codable, Sendable, Hashable {
    /// What was added or changed (`+`).
    public let additions: CompressedEntityState?
    /// What was removed (`-`).
    public let removals: CompressedAttributeRemoval?

    /// Creates a diff.
    public init(additions: CompressedEntityState?, removals: CompressedAttributeRemoval? = nil) {
        self.additions = additions
        self.removals = removals
    }

    enum CodingKeys: String, CodingKey {
        case additions = "+"
        case removals = "-"
    }
}
