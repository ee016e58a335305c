/// What an object's introspection XML says: its interfaces and the names of its child nodes.
public struct DBusIntrospectionData: Sendable, Equatable {
    public let interfaces: [DBusInterfaceDescription]
    public let children: [String]

    public init(interfaces: [DBusInterfaceDescription], children: [String] = []) {
        self.interfaces = interfaces
        self.children = children
    }

    /// The interface `name`, if the object has it.
    public func interface(_ name: String) -> DBusInterfaceDescription? {
        interfaces.first { $0.name == name }
    }
}
