/// Home Assistant's context: which change caused a state or event, and who made it.
public struct HAContext: Codable, Sendable, Hashable {
    public let id: String
    public let parentID: String?
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
