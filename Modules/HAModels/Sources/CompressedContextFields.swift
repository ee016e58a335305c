/// The context object in compressed states and diffs, where any field may be left out.
///
/// `parentID` and `userID` tell a field left out (`nil`) from one set to null (`.some(nil)`),
/// because a diff sends only what changed.
public struct CompressedContextFields: Sendable, Hashable {
    /// The context id, when it changed.
    public let id: String?
    /// The parent context: absent when unchanged, `null` when it has none.
    public let parentID: String??
    /// The user who caused it: absent when unchanged, `null` when none did.
    public let userID: String??

    /// Creates context fields.
    public init(id: String?, parentID: String?? = nil, userID: String?? = nil) {
        self.id = id
        self.parentID = parentID
        self.userID = userID
    }
}
