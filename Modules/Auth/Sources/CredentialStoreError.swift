/// Why the token store could not be read or written. Never quotes the file's contents.
public struct CredentialStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "the token store \(path) \(reason)" }
}
