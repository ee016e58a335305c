extension CompressedContextFields: Encodable {
    private enum CodingKeys: String, CodingKey {
        case id
        case parentID = "parent_id"
        case userID = "user_id"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(id, forKey: .id)
        if let parentID { try container.encode(parentID, forKey: .parentID) }
        if let userID { try container.encode(userID, forKey: .userID) }
    }
}
