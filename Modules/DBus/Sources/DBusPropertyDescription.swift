/// A property as introspection data describes it.
public struct DBusPropertyDescription: Sendable, Equatable {
    public let name: String
    public let type: String
    /// `read`, `write` or `readwrite`.
    public let access: String

    public init(_ name: String, _ type: String, access: String = "read") {
        self.name = name
        self.type = type
        self.access = access
    }
}
