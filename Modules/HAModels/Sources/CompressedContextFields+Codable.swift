extension CompressedContextFields: Codable {
    private enum CodingKeys: String, CodingKey {
        case id
        case parentID = "parent_id"
        case userID = "user_id"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        parentID = container.contains(.parentID) ? .some(try container.decodeIfPresent(String.self, forKey: .parentID)) : nil
        userID = container.contains(.userID) ? .some(try container.decodeIfPresent(String.self, forKey: .userID)) : nil
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(id, forKey: .id)
        if let parentID { try container.encode(parentID, forKey: .parentID) }
        if let userID { try container.encode(userID, forKey: .userID) }
    }
}
