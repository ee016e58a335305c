import FoundationEssentials

/// Why a ``JSONFileStore`` could not read, write or lock its file.
public struct JSONFileStoreError: Error, CustomStringConvertible, Sendable {
    /// The file.
    public let file: URL
    /// What went wrong, completing "FILE …".
    public let reason: String
    /// Whether the file is there but holds no valid value (as opposed to unreadable or unwritable).
    public let isMalformed: Bool

    /// An error about `file`.
    public init(file: URL, reason: String, isMalformed: Bool = false) {
        self.file = file
        self.reason = reason
        self.isMalformed = isMalformed
    }

    public var description: String { "\(file.path) \(reason)" }
}
