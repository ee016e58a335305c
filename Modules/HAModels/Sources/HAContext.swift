/// Home Assistant's context: which change caused a state or event, and who made it.
public struct HAContext: Codable, Sendable, Hashable {
    /// The context's id.
    public let id: String
    /// The context that caused this one (an automation's trigger), if any.
    public let parentID: String?
    /// The user who caused it, if one did.
    public let userID: String?

    /// Creates a context.
    public init(id: String, parentID: String? = nil, userID: String? = nil) {
        self.id = id
        self.parentID = parentID
        self.userID = userID
    }

    enum CodingKeys: String, CodingKey {
        case id
        case parentID = "parent_id"
        case userID = "user_id"
    }
}
