/// What a sync with a server did, dataset by dataset.
public struct ThreadSyncReport: Sendable, Equatable {
    /// Network name (or id) and what the store did with the server's copy.
    public var imported: [(String, DatasetUpsert)] = []
    /// Datasets the server has that are not valid active datasets, with why.
    public var refused: [(String, String)] = []
    /// Datasets imported from this server earlier that it no longer has, removed here too.
    public var removed: [String] = []

    public static func == (lhs: ThreadSyncReport, rhs: ThreadSyncReport) -> Bool {
        lhs.imported.map { "\($0.0) \($0.1)" } == rhs.imported.map { "\($0.0) \($0.1)" }
            && lhs.refused.map { "\($0.0) \($0.1)" } == rhs.refused.map { "\($0.0) \($0.1)" } && lhs.removed == rhs.removed
    }
}
