/// Why a sync step failed, in words.
public struct ThreadSyncError: Error, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
