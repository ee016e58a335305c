/// A property as introspection data describes it.
public struct DBusPropertyDescription: Sendable, Equatable {
    /// The property's name.
    public let name: String
    /// Its type signature.
    public let type: String
    /// `read`, `write` or `readwrite`.
    public let access: String

    /// Describes a property.
    public init(_ name: String, _ type: String, access: String = "read") {
        self.name = name
        self.type = type
        self.access = access
    }
}
