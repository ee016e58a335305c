import Essentials

/// A state in `subscribe_entities`' compressed form: `s` state, `a` attributes, `c` context,
/// `lc` last changed and `lu` last updated as seconds since 1970 (`lu` left out when equal to `lc`).
///
/// In an addition every present field is the whole value; in a diff's `+` part each field is
/// left out unless it changed, and `a` holds only the changed attributes.
public struct CompressedEntityState: Codable, Sendable, Hashable {
    /// The state (`s`).
    public let state: String?
    /// The attributes (`a`).
    public let attributes: [String: JSONValue]?
    /// The context (`c`): its id alone, or its fields.
    public let context: CompressedContext?
    /// When the state last changed (`lc`), seconds since 1970.
    public let lastChanged: Double?
    /// When the state or an attribute last changed (`lu`), seconds since 1970; absent when equal to `lastChanged`.
    public let lastUpdated: Double?

    /// Creates a compressed state.
    public init(
        state: String?, attributes: [String: JSONValue]? = nil, context: CompressedContext? = nil,
        lastChanged: Double? = nil, lastUpdated: Double? = nil
    ) {
        self.state = state
        self.attributes = attributes
        self.context = context
        self.lastChanged = lastChanged
        self.lastUpdated = lastUpdated
    }

    enum CodingKeys: String, CodingKey {
        case state = "s"
        case attributes = "a"
        case context = "c"
        case lastChanged = "lc"
        case lastUpdated = "lu"
    }
}
