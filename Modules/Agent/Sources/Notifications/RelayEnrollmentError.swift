/// Why registering with a push relay failed, in words for the user.
public struct RelayEnrollmentError: Error, CustomStringConvertible, Sendable {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
