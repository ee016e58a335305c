/// An argument of a method or signal as introspection data describes it.
public struct DBusArgumentDescription: Sendable, Equatable {
    /// Its name (may be empty).
    public let name: String
    /// Its type signature, such as `s` or `a{sv}`.
    public let type: String
    /// `in` or `out` for a method's argument; nil for a signal's.
    public let direction: String?

    /// Describes an argument.
    public init(_ name: String, _ type: String, direction: String? = nil) {
        self.name = name
        self.type = type
        self.direction = direction
    }
}
