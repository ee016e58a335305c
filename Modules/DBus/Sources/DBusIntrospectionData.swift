/// What an object's introspection XML says: its interfaces and the names of its child nodes.
public struct DBusIntrospectionData: Sendable, Equatable {
    /// The object's interfaces.
    public let interfaces: [DBusInterfaceDescription]
    /// The names of its child nodes (relative paths).
    public let children: [String]

    /// Describes an object.
    public init(interfaces: [DBusInterfaceDescription], children: [String] = []) {
        self.interfaces = interfaces
        self.children = children
    }

    /// The interface `name`, if the object has it.
    public func interface(_ name: String) -> DBusInterfaceDescription? {
        interfaces.first { $0.name == name }
    }
}
